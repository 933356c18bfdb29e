// The staff points calls (decision 060) on both engines: find a viewer, their whole ledger, and a
// correcting row once per form key; bad input, 401 and 403 change nothing; rows are never edited.
import { expect, it } from 'vitest';
import type { AdjustmentResult, StaffRewardViewer } from '../../../shared/contract/rewards-staff';
import type { LedgerRow } from '../../../shared/contract/rewards';
import { verifyLedger } from '../../../shared/ledger-chain';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { createRewardsService } from './rewards.service';

const ADJUST = '/api/staff/rewards/adjust';

const storedRows = (t: TestApp) => t.db.selectFrom('reward_ledger').selectAll().orderBy('id').execute();

const credit = (t: TestApp, userId: number, points: number, source = 'event:1') =>
  createRewardsService(t.app.ctx).credit(userId, points, 'checkin', source);

async function adjust(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.post<AdjustmentResult>(ADJUST, body, { token });
}

describeEachEngine('staff points', (t) => {
  it('finds a viewer by e-mail (any case) or id with their balance, tier, ledger page and who added each correction', async () => {
    const staff = await t().createStaff({ first_name: 'Sam', last_name: 'Staff' });
    const viewer = await t().createViewer({ first_name: 'Vera', last_name: 'Viewer', email: 'vera@example.com' });
    await credit(t(), viewer.id, 40);
    const added = await adjust(t(), staff.tokenvalue, {
      user_id: viewer.id,
      points: 15,
      note: 'Missed check-in on Tuesday',
      key: 'form-aaaa-0001',
    });
    expect([added.http, added.body.message]).toEqual([200, 'Correcting row added to the ledger.']);
    expect(added.body.data[0]).toMatchObject({
      created: true,
      balance: 55,
      row: { seq: 2, points: 15, reason: 'adjustment', note: 'Missed check-in on Tuesday' },
    });

    const byEmail = await t().get<StaffRewardViewer>('/api/staff/rewards/viewer', {
      token: staff.tokenvalue,
      query: { email: '  VERA@Example.com ' },
    });
    expect(byEmail.http, JSON.stringify(byEmail.body)).toBe(200);
    const found = byEmail.body.data[0];
    expect(found).toMatchObject({
      viewer: { id: viewer.id, first_name: 'Vera', last_name: 'Viewer', email: 'vera@example.com' },
      balance: 55,
      tier: { name: 'Quartz', earned: 55 },
      chain: { rows: 2 },
    });
    expect(found?.ledger.rows.map((row) => [row.seq, row.points, row.added_by])).toEqual([
      [2, 15, 'Sam Staff'],
      [1, 40, null],
    ]);

    const byId = await t().get<StaffRewardViewer>('/api/staff/rewards/viewer', {
      token: staff.tokenvalue,
      query: { user_id: String(viewer.id), limit: '1' },
    });
    expect(byId.body.data[0]?.ledger).toMatchObject({ next_cursor: 2 });
    expect(byId.body.data[0]?.ledger.rows.map((row) => row.seq)).toEqual([2]);

    const ledger = await t().get<LedgerRow>('/api/staff/rewards/ledger', {
      token: staff.tokenvalue,
      query: { user_id: String(viewer.id) },
    });
    expect(ledger.http).toBe(200);
    expect(await verifyLedger(ledger.body.data)).toMatchObject({ ok: true, rows: 2, headHash: found?.chain.head_hash });
    // Staff names stay on the staff side: the viewer's own download has no added_by.
    expect(Object.keys(ledger.body.data[1] ?? {})).not.toContain('added_by');
  });

  it('adds one row for the same form key, sent twice or twice at once, and refuses the key with other values', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const body = { user_id: viewer.id, points: 25, note: 'Spin prize not credited', key: 'double-click-01' };
    const both = await Promise.all([adjust(t(), staff.tokenvalue, body), adjust(t(), staff.tokenvalue, body)]);
    expect(both.map((res) => res.http)).toEqual([200, 200]);
    expect(both.map((res) => res.body.data[0]?.created).sort()).toEqual([false, true]);
    const again = await adjust(t(), staff.tokenvalue, body);
    expect([again.http, again.body.message, again.body.data[0]?.created, again.body.data[0]?.balance]).toEqual([
      200,
      'This form was already sent: the row it added is below, and nothing new was written.',
      false,
      25,
    ]);
    const other = await adjust(t(), staff.tokenvalue, { ...body, points: 30 });
    expect([other.http, other.body.message]).toEqual([
      409,
      'This form was already sent with other points or another reason. Start a new correction.',
    ]);
    expect((await storedRows(t())).map((row) => [row.points, row.source_id, row.created_by])).toEqual([
      [25, 'form:double-click-01', staff.id],
    ]);
  });

  it('refuses 0 points, no reason, a bad key, an unknown viewer and a balance below 0, changing nothing', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    await credit(t(), viewer.id, 20);
    const before = await storedRows(t());
    const good = { user_id: viewer.id, points: 5, note: 'Goodwill', key: 'form-bad-input' };
    const points = 'An adjustment is a whole number of points, not 0, up to 100,000 either way.';
    const note = 'Say why the points are adjusted, in up to 200 characters.';
    const key = "key is the form's own id: 8 to 100 letters, digits, dashes or colons.";
    const bad: [Record<string, unknown>, number, string][] = [
      [{ ...good, points: 0 }, 400, points],
      [{ ...good, points: 2.5 }, 400, points],
      [{ ...good, points: '5' }, 400, points],
      [{ ...good, points: 100_001 }, 400, points],
      [{ ...good, note: '' }, 400, note],
      [{ ...good, note: '   ' }, 400, note],
      [{ ...good, note: 'x'.repeat(201) }, 400, note],
      [{ user_id: viewer.id, points: 5, key: good.key }, 400, note],
      [{ ...good, key: 'short' }, 400, key],
      [{ ...good, key: 'has spaces in it' }, 400, key],
      [{ ...good, user_id: 'me' }, 400, 'user_id is a number.'],
      [{ ...good, user_id: 99_999 }, 404, 'There is no such viewer.'],
      [{ ...good, points: -21 }, 409, 'You do not have enough points for that.'],
    ];
    for (const [body, http, message] of bad) {
      const res = await adjust(t(), staff.tokenvalue, body);
      expect([res.http, res.body.message, res.body.data.length], JSON.stringify(body)).toEqual([
        http,
        message,
        http === 400 ? 1 : 0,
      ]);
      if (http === 400) expect(res.body.status).toBe(-1);
    }
    const noteIssue = await adjust(t(), staff.tokenvalue, { ...good, note: '' });
    expect(noteIssue.body.data).toEqual([{ field: 'note', message: note }]);
    // Taking back exactly the balance is allowed: it reaches 0, never below.
    expect(
      (await adjust(t(), staff.tokenvalue, { ...good, points: -20, key: 'form-to-zero' })).body.data[0],
    ).toMatchObject({
      balance: 0,
    });
    expect((await storedRows(t())).length).toBe(before.length + 1);

    const queries: Record<string, string>[] = [
      {},
      { email: 'nobody@example.com', user_id: String(viewer.id) },
      { email: 'not-an-email' },
    ];
    for (const query of queries) {
      const res = await t().get('/api/staff/rewards/viewer', { token: staff.tokenvalue, query });
      expect([res.http, res.body.status], JSON.stringify(query)).toEqual([400, -1]);
    }
    const unknown = await t().get('/api/staff/rewards/viewer', {
      token: staff.tokenvalue,
      query: { email: 'nobody@example.com' },
    });
    expect([unknown.http, unknown.body.message]).toEqual([404, 'There is no such viewer.']);
    const noLedger = await t().get('/api/staff/rewards/ledger', {
      token: staff.tokenvalue,
      query: { user_id: '99999' },
    });
    expect(noLedger.http).toBe(404);
    const badCursor = await t().get('/api/staff/rewards/viewer', {
      token: staff.tokenvalue,
      query: { user_id: String(viewer.id), cursor: 'abc' },
    });
    expect([badCursor.http, badCursor.body.message]).toEqual([400, 'cursor is the next_cursor of the page before.']);
  });

  it('answers viewers 403 and visitors 401 on every staff points call, changing nothing', async () => {
    const viewer = await t().createViewer();
    await credit(t(), viewer.id, 20);
    const before = await storedRows(t());
    const body = { user_id: viewer.id, points: 500, note: 'Helping myself', key: 'form-not-staff' };
    const calls: [string, () => Promise<{ http: number }>, () => Promise<{ http: number }>][] = [
      [
        'viewer',
        () => t().get('/api/staff/rewards/viewer', { token: viewer.tokenvalue, query: { user_id: String(viewer.id) } }),
        () => t().get('/api/staff/rewards/viewer', { query: { user_id: String(viewer.id) } }),
      ],
      [
        'ledger',
        () => t().get('/api/staff/rewards/ledger', { token: viewer.tokenvalue, query: { user_id: String(viewer.id) } }),
        () => t().get('/api/staff/rewards/ledger', { query: { user_id: String(viewer.id) } }),
      ],
      ['adjust', () => adjust(t(), viewer.tokenvalue, body), () => t().post(ADJUST, body)],
    ];
    for (const [name, asViewer, asVisitor] of calls) {
      expect((await asViewer()).http, name).toBe(403);
      expect((await asVisitor()).http, name).toBe(401);
    }
    expect((await adjust(t(), 'not-a-real-token', body)).http).toBe(401);
    expect(await storedRows(t())).toEqual(before);
  });

  it('offers no call to edit or delete a row, and the database refuses both, so a mistake is corrected by a new row', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    await adjust(t(), staff.tokenvalue, {
      user_id: viewer.id,
      points: 50,
      note: 'Typo: meant 5',
      key: 'form-typo-0001',
    });
    const [row] = await storedRows(t());
    if (!row) throw new Error('no row was added');
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t().app.inject({
        method,
        url: ADJUST,
        headers: { token: staff.tokenvalue },
        payload: method === 'DELETE' ? undefined : { seq: row.seq, points: 5 },
      });
      expect(res.statusCode, method).toBe(404);
    }
    await expect(
      t().db.updateTable('reward_ledger').set({ points: 5 }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t().db.deleteFrom('reward_ledger').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    const fixed = await adjust(t(), staff.tokenvalue, {
      user_id: viewer.id,
      points: -45,
      note: 'Corrects the typo in row 1',
      key: 'form-typo-0002',
    });
    expect(fixed.body.data[0]).toMatchObject({ balance: 5, row: { seq: 2, points: -45 } });
    const ledger = await t().get<LedgerRow>('/api/staff/rewards/ledger', {
      token: staff.tokenvalue,
      query: { user_id: String(viewer.id) },
    });
    expect(ledger.body.data.map((r) => [r.seq, r.points])).toEqual([
      [1, 50],
      [2, -45],
    ]);
    expect(await verifyLedger(ledger.body.data)).toMatchObject({ ok: true, rows: 2 });
  });
});
