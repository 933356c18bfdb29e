// The audit log on both engines (decision 088): the row a staff call leaves (actor, action, target,
// before/after, status, refused attempts too), append-only on both engines, the list's filters and
// pages, the CSV, who may call them, and a chat moderation over the socket.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_PATH, AUDIT_PAGE_SIZE, type AuditPage } from '../../../shared/contract/audit';
import type { ChatToken } from '../../../shared/contract/chat';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { connectChat, type ChatClient } from '../chat/chat.test-client';
import { actorLabel, changeOf } from './audit.service';

async function rows(t: TestApp) {
  return t.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
}

async function list(t: TestApp, token: string, query: Record<string, string> = {}) {
  return t.get<AuditPage>('/api/staff/audit', { token, query });
}

/** An audit row written straight to the table, at `at`. */
async function seedRow(
  t: TestApp,
  at: string,
  fields: Partial<{
    actor_id: number;
    actor_label: string;
    action: string;
    target_type: string;
    target_id: string;
  }> = {},
) {
  await t.db
    .insertInto('audit_log')
    .values({
      at,
      actor_id: fields.actor_id ?? 7,
      actor_label: fields.actor_label ?? 'Opal Keeper <opal@example.com>',
      action: fields.action ?? 'POST /api/staff/events/:id',
      method: 'POST',
      route: '/api/staff/events/:id',
      target_type: fields.target_type ?? 'event',
      target_id: fields.target_id ?? '3',
      before_json: null,
      after_json: null,
      status: 200,
      ip: '127.0.0.1',
      request_id: 'seeded',
    })
    .execute();
}

describe('changeOf', () => {
  it('keeps only the fields that changed, and never a secret', () => {
    expect(
      changeOf(
        { title: 'Opal Hour', price: 10, password_hash: 'x', nested: { token: 't', kept: 1 } },
        { title: 'Opal Night', price: 10, password_hash: 'y', nested: { token: 'u', kept: 1 } },
      ),
    ).toEqual({ before: '{"title":"Opal Hour"}', after: '{"title":"Opal Night"}' });
    expect(changeOf(undefined, { minutes: 5 })).toEqual({ before: null, after: '{"minutes":5}' });
    expect(changeOf({ totp_secret: 'abc', a: 1 }, { totp_secret: 'def', a: 2 })).toEqual({
      before: '{"a":1}',
      after: '{"a":2}',
    });
  });

  it('labels an actor with name and e-mail', () => {
    expect(actorLabel({ first_name: 'Ada', last_name: 'Stone', email: 'ada@example.com' })).toBe(
      'Ada Stone <ada@example.com>',
    );
  });
});

describeEachEngine('audit log', (t) => {
  it('records an event edit with who, what, the target and before/after', async () => {
    const staff = await t().createStaff({ first_name: 'Ada', last_name: 'Stone', email: 'ada@example.com' });
    const event = await t().createEvent({ title: 'Opal Hour' });
    const res = await t().post(`/api/staff/events/${event.id}`, { title: 'Opal Night' }, { token: staff.tokenvalue });
    expect(res.http, res.body.message).toBe(200);
    const [row] = await rows(t());
    expect(row).toMatchObject({
      actor_id: staff.id,
      actor_label: 'Ada Stone <ada@example.com>',
      action: 'POST /api/staff/events/:id',
      method: 'POST',
      route: '/api/staff/events/:id',
      target_type: 'event',
      target_id: String(event.id),
      status: 200,
      at: t().clock.now().toISOString(),
    });
    expect(JSON.parse(row?.before_json ?? 'null')).toMatchObject({ title: 'Opal Hour' });
    expect(JSON.parse(row?.after_json ?? 'null')).toMatchObject({ title: 'Opal Night' });
    expect(Object.keys(JSON.parse(row?.after_json ?? '{}'))).not.toContain('description');
  });

  it('records refused attempts of signed-in callers with their status: bad input, a missing target, a viewer; not a visitor', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const event = await t().createEvent();
    expect((await t().post(`/api/staff/events/${event.id}`, { title: 7 }, { token: staff.tokenvalue })).http).toBe(400);
    expect((await t().post('/api/staff/events/999', { title: 'x' }, { token: staff.tokenvalue })).http).toBe(404);
    expect((await t().post(`/api/staff/events/${event.id}`, { title: 'x' }, { token: viewer.tokenvalue })).http).toBe(
      403,
    );
    expect((await t().post(`/api/staff/events/${event.id}`, { title: 'x' })).http).toBe(401);
    const written = await rows(t());
    expect(written.map((r) => [r.status, r.actor_id, r.target_id, r.before_json])).toEqual([
      [400, staff.id, String(event.id), null],
      [404, staff.id, '999', null],
      [403, viewer.id, String(event.id), null],
    ]);
    // Nothing else changed: the event keeps its title.
    expect(
      (await t().db.selectFrom('events').select('title').where('id', '=', event.id).executeTakeFirst())?.title,
    ).toBe('Opal Hour');
  });

  it('records a points grant with before/after, a CSV export as an audited read, and no plain read', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const grant = await t().post(
      '/api/staff/rewards/adjust',
      { user_id: viewer.id, points: 25, note: 'Goodwill', key: 'grant-0001' },
      { token: staff.tokenvalue },
    );
    expect(grant.http, grant.body.message).toBe(200);
    const [row] = await rows(t());
    expect(row).toMatchObject({ target_type: 'user', target_id: String(viewer.id), status: 200 });
    expect(JSON.parse(row?.before_json ?? 'null')).toEqual({ balance: 0 });
    expect(JSON.parse(row?.after_json ?? 'null')).toEqual({ balance: 25, points: 25, note: 'Goodwill' });

    const csv = await t().app.inject({
      method: 'GET',
      url: '/api/staff/productregistrations.csv',
      headers: { token: staff.tokenvalue },
    });
    expect(csv.statusCode).toBe(200);
    expect((await rows(t())).at(-1)).toMatchObject({
      method: 'GET',
      route: '/api/staff/productregistrations.csv',
      status: 200,
    });
    // A plain read is not recorded.
    const before = (await rows(t())).length;
    expect((await t().get('/api/staff/events', { token: staff.tokenvalue })).http).toBe(200);
    expect(await rows(t())).toHaveLength(before);
  });

  it('is append-only: updating or deleting a row is refused by the database', async () => {
    await seedRow(t(), '2026-06-15T18:00:00.000Z');
    await expect(t().db.updateTable('audit_log').set({ status: 500 }).execute()).rejects.toThrow(/append-only/);
    await expect(t().db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t().db)).rejects.toThrow(/append-only/);
    expect(await rows(t())).toHaveLength(1);
  });

  it('lists rows newest first, filtered by who, action, target and Los Angeles days, page by page', async () => {
    const staff = await t().createStaff();
    // 2026-06-14 23:30 in Los Angeles is 2026-06-15 06:30 UTC (summer, -07:00).
    await seedRow(t(), '2026-06-15T06:30:00.000Z', { actor_label: 'Ada Stone <ada@example.com>', actor_id: 41 });
    await seedRow(t(), '2026-06-15T07:30:00.000Z', { action: 'chat.ban', target_type: 'user', target_id: '9' });
    await seedRow(t(), '2026-06-16T07:30:00.000Z', { actor_label: 'command line', actor_id: undefined });
    const token = staff.tokenvalue;
    const ids = async (query: Record<string, string>) => {
      const res = await list(t(), token, query);
      expect(res.http, res.body.message).toBe(200);
      return res.body.data[0]?.entries.map((e) => e.at) ?? [];
    };
    expect(await ids({})).toEqual(['2026-06-16T07:30:00.000Z', '2026-06-15T07:30:00.000Z', '2026-06-15T06:30:00.000Z']);
    expect(await ids({ who: 'ADA' })).toEqual(['2026-06-15T06:30:00.000Z']);
    expect(await ids({ who: '41' })).toEqual(['2026-06-15T06:30:00.000Z']);
    expect(await ids({ who: 'command' })).toEqual(['2026-06-16T07:30:00.000Z']);
    expect(await ids({ who: '%' })).toEqual([]);
    expect(await ids({ action: 'chat.' })).toEqual(['2026-06-15T07:30:00.000Z']);
    expect(await ids({ target_type: 'user', target_id: '9' })).toEqual(['2026-06-15T07:30:00.000Z']);
    expect(await ids({ from: '2026-06-15', to: '2026-06-15' })).toEqual(['2026-06-15T07:30:00.000Z']);
    expect(await ids({ to: '2026-06-14' })).toEqual(['2026-06-15T06:30:00.000Z']);
    expect(await ids({ from: '2026-06-16' })).toEqual(['2026-06-16T07:30:00.000Z']);

    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i += 1)
      await seedRow(t(), `2026-06-10T10:00:${String(i % 60).padStart(2, '0')}.000Z`);
    const first = (await list(t(), token, { to: '2026-06-10' })).body.data[0];
    const second = (await list(t(), token, { to: '2026-06-10', page: '2' })).body.data[0];
    expect([first?.entries.length, first?.total, first?.per_page]).toEqual([
      AUDIT_PAGE_SIZE,
      AUDIT_PAGE_SIZE + 2,
      AUDIT_PAGE_SIZE,
    ]);
    expect(second?.entries.length).toBe(2);
  });

  it('refuses bad filters (400), visitors (401) and viewers (403), recording none of those reads', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const bad = await list(t(), staff.tokenvalue, { from: '2026-02-30' });
    expect([bad.http, bad.body.status, bad.body.message]).toEqual([400, -1, 'from is a date as YYYY-MM-DD.']);
    const backwards = await list(t(), staff.tokenvalue, { from: '2026-06-15', to: '2026-06-14' });
    expect([backwards.http, backwards.body.message]).toEqual([400, 'The "to" day comes on or after the "from" day.']);
    expect((await list(t(), staff.tokenvalue, { page: '0' })).http).toBe(400);
    expect((await list(t(), staff.tokenvalue, { who: 'x'.repeat(201) })).http).toBe(400);
    expect((await t().get('/api/staff/audit')).http).toBe(401);
    expect((await list(t(), viewer.tokenvalue)).http).toBe(403);
    expect((await t().get(AUDIT_CSV_PATH)).http).toBe(401);
    expect((await t().get(AUDIT_CSV_PATH, { token: viewer.tokenvalue })).http).toBe(403);
    expect((await t().get(AUDIT_CSV_PATH, { token: staff.tokenvalue, query: { to: 'soon' } })).http).toBe(400);
    // The list is a plain read; the CSV's refused attempts are recorded as the export's attempts.
    expect((await rows(t())).map((r) => [r.route, r.status])).toEqual([
      [AUDIT_CSV_PATH, 403],
      [AUDIT_CSV_PATH, 400],
    ]);
  });

  it('exports the filtered rows as CSV, formulas defused, and records the export', async () => {
    const staff = await t().createStaff();
    await seedRow(t(), '2026-06-15T06:30:00.000Z', { actor_label: '=HYPERLINK("x") <evil@example.com>' });
    await seedRow(t(), '2026-06-01T06:30:00.000Z', { actor_label: 'Old <old@example.com>' });
    const res = await t().app.inject({
      method: 'GET',
      url: `${AUDIT_CSV_PATH}?from=2026-06-14`,
      headers: { token: staff.tokenvalue },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") <evil@example.com>"`);
    expect(lines[1]).toContain('"2026-06-14 23:30"');
    expect((await rows(t())).at(-1)).toMatchObject({
      actor_id: staff.id,
      route: AUDIT_CSV_PATH,
      method: 'GET',
      status: 200,
    });
  });
});

describeEachEngine('audit log of chat moderation', (t) => {
  let base = '';
  const clients: ChatClient[] = [];
  beforeEach(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  async function member(kind: 'viewer' | 'staff') {
    const user =
      kind === 'staff'
        ? await t().createStaff({ first_name: 'Mod', last_name: 'Erator', email: 'mod@example.com' })
        : await t().createViewer();
    const token = await t().get<ChatToken>('/api/weavy/token', { token: user.tokenvalue });
    const client = await connectChat(base);
    clients.push(client);
    await client.join(token.body.data[0]?.token ?? '', 'lobby');
    return { user, client };
  }

  async function rowsSoon(count: number) {
    for (let i = 0; i < 100; i += 1) {
      const written = await rows(t());
      if (written.length >= count) return written;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return rows(t());
  }

  it('writes a row for a mute and a slow mode by staff, and for a viewer’s refused try', async () => {
    const staff = await member('staff');
    const viewer = await member('viewer');
    staff.client.send({ type: 'mute', userId: viewer.user.id, minutes: 5 });
    await staff.client.next('notice');
    staff.client.send({ type: 'slow_mode', seconds: 30 });
    await staff.client.next('notice');
    viewer.client.send({ type: 'ban', userId: staff.user.id });
    await viewer.client.next('error');
    const written = await rowsSoon(3);
    expect(
      written.map((r) => [r.actor_id, r.action, r.method, r.target_type, r.target_id, r.after_json, r.status]),
    ).toEqual([
      [staff.user.id, 'chat.mute', 'WS', 'user', String(viewer.user.id), '{"minutes":5,"room":"lobby"}', 200],
      [staff.user.id, 'chat.slow_mode', 'WS', 'chat_room', 'lobby', '{"slowModeSeconds":30}', 200],
      [viewer.user.id, 'chat.ban', 'WS', 'user', String(staff.user.id), null, 403],
    ]);
    expect(written[0]?.actor_label).toBe('Mod Erator <mod@example.com>');
    expect(written[0]?.at).toBe(t().clock.now().toISOString());
  });
});
