// Staff user management on both engines (decision 089): who may call, the search, a viewer's page,
// staff rights, switching an account off and on (and every sign-in path refusing it), ending a
// session, the data export and the erasure that leaves draws and ledgers verifiable.
import { expect, it } from 'vitest';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/second-factor';
import type { DrawProof } from '../../../shared/contract/giveaways';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import {
  ERASED_NAME,
  STAFF_USER_MESSAGES as M,
  USERS_PAGE_SIZE,
  type UserDetail,
  type UserSearchPage,
} from '../../../shared/contract/staff-users';
import type { AuthedUser } from '../../../shared/contract/user';
import { verifyLedger } from '../../../shared/ledger-chain';
import { MESSAGES } from '../../../shared/messages';
import { commitmentOf, recomputePicks } from '../../../shared/verifiable-draw';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { closeGiveaways, createGiveaway, enter } from '../giveaways/giveaway-factories';
import { createRewardsService } from '../rewards/rewards.service';

const MINUTE = 60_000;
const users = '/api/staff/users';

async function detailOf(t: TestApp, token: string, id: number): Promise<UserDetail> {
  const res = await t.get<UserDetail>(`${users}/${id}`, { token });
  const detail = res.body.data[0];
  if (res.http !== 200 || !detail) throw new Error(`detail failed: ${res.body.message}`);
  return detail;
}

async function rows(t: TestApp) {
  return {
    users: await t.db.selectFrom('users').selectAll().orderBy('id').execute(),
    sessions: await t.db.selectFrom('sessions').selectAll().orderBy('id').execute(),
  };
}

async function exportOf(t: TestApp, token: string, id: number) {
  const res = await t.app.inject({ method: 'GET', url: `${users}/${id}/export`, headers: { token } });
  return { http: res.statusCode, headers: res.headers, text: res.body };
}

describeEachEngine('staff users: who may call', (t) => {
  it('answers 401 to visitors, 403 to viewers and the second-factor 403 to staff without one, changing nothing', async () => {
    const viewer = await t().createViewer();
    const target = await t().createViewer();
    const pending = await t().createViewer();
    await t().db.updateTable('users').set({ is_staff: 1 }).where('id', '=', pending.id).execute();
    const session = await t()
      .db.selectFrom('sessions')
      .select('id')
      .where('user_id', '=', target.id)
      .executeTakeFirstOrThrow();
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['GET', users],
      ['GET', `${users}/${target.id}`],
      ['POST', `${users}/${target.id}/grant-staff`],
      ['POST', `${users}/${target.id}/revoke-staff`],
      ['POST', `${users}/${target.id}/deactivate`],
      ['POST', `${users}/${target.id}/reactivate`],
      ['POST', `${users}/${target.id}/sessions/${session.id}/end`],
      ['POST', `${users}/${target.id}/erase`, { confirm: 'ERASE' }],
      ['GET', `${users}/${target.id}/export`],
    ];
    const before = await rows(t());
    for (const [method, url, body] of calls)
      for (const [token, status] of [
        [undefined, 401],
        [viewer.tokenvalue, 403],
        [pending.tokenvalue, 403],
      ] as const) {
        const res = await t().app.inject({
          method,
          url,
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { token } : {}),
          },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        if (token === pending.tokenvalue)
          expect(res.json<{ message: string }>().message).toBe(SECOND_FACTOR_MESSAGES.required);
      }
    expect(await rows(t())).toEqual(before);
  });

  it('asks for a fresh second factor after 10 minutes on grant, export and erase, and changes nothing', async () => {
    const staff = await t().createStaff();
    const target = await t().createViewer();
    t().clock.advance(11 * MINUTE);
    const before = await rows(t());
    const grant = await t().post(`${users}/${target.id}/grant-staff`, undefined, { token: staff.tokenvalue });
    const erase = await t().post(`${users}/${target.id}/erase`, { confirm: 'ERASE' }, { token: staff.tokenvalue });
    const exported = await exportOf(t(), staff.tokenvalue, target.id);
    for (const res of [grant, erase]) {
      expect(res.http).toBe(403);
      expect(res.body.message).toBe(SECOND_FACTOR_MESSAGES.stepUp);
      expect(res.body.data).toEqual([{ second_factor: 'step_up' }]);
    }
    expect(exported.http).toBe(403);
    // The other calls need no fresh factor: the session's second factor is still valid for them.
    expect((await t().get(`${users}/${target.id}`, { token: staff.tokenvalue })).http).toBe(200);
    expect(await rows(t())).toEqual(before);
  });

  it('answers 400 to a malformed id, page or confirmation, and writes nothing', async () => {
    const staff = await t().createStaff();
    const target = await t().createViewer();
    const before = await rows(t());
    const bad = [
      await t().get(`${users}/abc`, { token: staff.tokenvalue }),
      await t().get(users, { token: staff.tokenvalue, query: { page: '0' } }),
      await t().get(users, { token: staff.tokenvalue, query: { filter: 'everyone' } }),
      await t().post(`${users}/0/deactivate`, undefined, { token: staff.tokenvalue }),
      await t().post(`${users}/${target.id}/erase`, {}, { token: staff.tokenvalue }),
      await t().post(`${users}/${target.id}/erase`, { confirm: 'erase please' }, { token: staff.tokenvalue }),
      await t().post(`${users}/${target.id}/sessions/x/end`, undefined, { token: staff.tokenvalue }),
    ];
    for (const res of bad) expect(res.http, res.body.message).toBe(400);
    expect(bad[5]?.body.message).toBe(M.confirmErase);
    expect(await rows(t())).toEqual(before);
  });
});

describeEachEngine('staff users: search and the viewer’s page', (t) => {
  it('finds viewers by part of a name, an e-mail address, a phone number typed any way, and by filter', async () => {
    const staff = await t().createStaff({ first_name: 'Sam', last_name: 'Staff' });
    const vera = await t().createViewer({
      first_name: 'Vera',
      last_name: 'Opal',
      email: 'vera@example.com',
      phone: '+15550109876',
    });
    await t().createViewer({ first_name: 'Otto', last_name: 'Quartz', email: 'otto@example.com' });
    const search = async (query: Record<string, string>) => {
      const res = await t().get<UserSearchPage>(users, { token: staff.tokenvalue, query });
      expect(res.http).toBe(200);
      return res.body.data[0];
    };
    expect((await search({ q: 'vera opal' }))?.users.map((u) => u.id)).toEqual([vera.id]);
    expect((await search({ q: 'OPAL' }))?.users.map((u) => u.id)).toEqual([vera.id]);
    expect((await search({ q: 'VERA@example' }))?.users.map((u) => u.id)).toEqual([vera.id]);
    expect((await search({ q: '(555) 010-9876' }))?.users.map((u) => u.id)).toEqual([vera.id]);
    expect((await search({ q: '9876' }))?.users.map((u) => u.id)).toEqual([vera.id]);
    // A wildcard typed is a character, not "anything".
    expect((await search({ q: '%' }))?.users).toEqual([]);
    expect((await search({ filter: 'staff' }))?.users.map((u) => u.id)).toEqual([staff.id]);
    const all = await search({});
    expect(all).toMatchObject({ total: 3, page: 1, page_size: USERS_PAGE_SIZE });
    expect(all?.users[0]).toMatchObject({ email: 'otto@example.com', is_staff: false, is_active: true });
    await t().post(`${users}/${vera.id}/deactivate`, undefined, { token: staff.tokenvalue });
    expect((await search({ filter: 'deactivated' }))?.users.map((u) => u.id)).toEqual([vera.id]);
  });

  it('pages through many viewers, newest first', async () => {
    const staff = await t().createStaff();
    const now = t().clock.now().toISOString();
    await t()
      .db.insertInto('users')
      .values(
        Array.from({ length: USERS_PAGE_SIZE + 5 }, (_, i) => ({
          email: `bulk${i}@example.com`,
          phone: `+1555020${String(1000 + i).slice(-4)}`,
          password_hash: null,
          first_name: 'Bulk',
          middle_name: '',
          last_name: `Viewer${i}`,
          nickname: '',
          address: '',
          city: '',
          state: '',
          country: '',
          zip: '',
          recipient_name: '',
          isactive: 1,
          is_staff: 0,
          my_invite_code: `BULK${i}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const second = await t().get<UserSearchPage>(users, { token: staff.tokenvalue, query: { q: 'bulk', page: '2' } });
    expect(second.body.data[0]).toMatchObject({ total: USERS_PAGE_SIZE + 5, page: 2 });
    expect(second.body.data[0]?.users.map((u) => u.last_name)).toEqual([
      'Viewer4',
      'Viewer3',
      'Viewer2',
      'Viewer1',
      'Viewer0',
    ]);
  });

  it('shows a viewer’s profile, state, activity and sessions, never a token hash', async () => {
    const staff = await t().createStaff({ first_name: 'Sam', last_name: 'Staff' });
    const viewer = await t().createViewer({ first_name: 'Vera', last_name: 'Opal' });
    const show = await t().createEvent({ title: 'Opal Hour' });
    const at = t().clock.now().toISOString();
    await t()
      .db.insertInto('rsvps')
      .values({ user_id: viewer.id, event_id: show.id, rsvp_type: 'show', created_at: at })
      .execute();
    await t()
      .db.insertInto('live_checkins')
      .values({ user_id: viewer.id, event_id: show.id, reachby: 'web', created_at: at })
      .execute();
    await t()
      .db.insertInto('chat_sanctions')
      .values({
        user_id: viewer.id,
        kind: 'mute',
        until: at,
        created_by: staff.id,
        created_at: at,
        lifted_at: null,
        lifted_by: null,
        room: 'lobby',
      })
      .execute();
    await createRewardsService(t().app.ctx).credit(viewer.id, 40, 'checkin', `show:${show.id}`);

    const detail = await detailOf(t(), staff.tokenvalue, viewer.id);
    expect(detail.profile).toMatchObject({ id: viewer.id, first_name: 'Vera', last_name: 'Opal', email: viewer.email });
    expect(detail.state).toMatchObject({ is_active: true, is_staff: false, deactivated_at: null, is_self: false });
    expect(detail.activity.rsvps).toEqual({
      total: 1,
      rows: [{ event_id: show.id, title: 'Opal Hour', rsvp_type: 'show', created_at: at }],
    });
    expect(detail.activity.checkins.rows).toEqual([
      { event_id: show.id, title: 'Opal Hour', reachby: 'web', created_at: at },
    ]);
    expect(detail.activity.sanctions.rows).toEqual([
      { kind: 'mute', room: 'lobby', until: at, created_at: at, lifted_at: null },
    ]);
    expect(detail.activity.points).toMatchObject({ balance: 40, recent: [{ seq: 1, points: 40, reason: 'checkin' }] });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]).toMatchObject({ second_factor_at: null, is_current: false });
    expect(JSON.stringify(detail)).not.toMatch(/token_hash|password_hash/);
    const own = await detailOf(t(), staff.tokenvalue, staff.id);
    expect(own.state.is_self).toBe(true);
    expect(own.sessions[0]).toMatchObject({ is_current: true, second_factor_method: 'totp' });
    expect((await t().get(`${users}/9999`, { token: staff.tokenvalue })).http).toBe(404);
  });
});

describeEachEngine('staff users: staff rights', (t) => {
  it('grants staff with a fresh second factor and revokes it at once, never one’s own', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const granted = await t().post<UserDetail>(`${users}/${viewer.id}/grant-staff`, undefined, {
      token: staff.tokenvalue,
    });
    expect([granted.http, granted.body.message, granted.body.data[0]?.state.is_staff]).toEqual([200, M.granted, true]);
    // Staff now, but their session has no second factor yet: staff pages ask for it (decision 085).
    const asNew = await t().get(users, { token: viewer.tokenvalue });
    expect([asNew.http, asNew.body.message]).toEqual([403, SECOND_FACTOR_MESSAGES.required]);
    expect((await t().post(`${users}/${viewer.id}/grant-staff`, undefined, { token: staff.tokenvalue })).http).toBe(
      409,
    );

    const self = await t().post(`${users}/${staff.id}/revoke-staff`, undefined, { token: staff.tokenvalue });
    expect([self.http, self.body.message]).toEqual([403, M.notSelf]);
    const revoked = await t().post<UserDetail>(`${users}/${viewer.id}/revoke-staff`, undefined, {
      token: staff.tokenvalue,
    });
    expect([revoked.http, revoked.body.data[0]?.state.is_staff]).toEqual([200, false]);
    const again = await t().post(`${users}/${viewer.id}/revoke-staff`, undefined, { token: staff.tokenvalue });
    expect([again.http, again.body.message]).toEqual([409, M.notStaff]);
    expect((await t().get(users, { token: viewer.tokenvalue })).http).toBe(403);
  });

  it('keeps the last staff account’s rights', async () => {
    const staff = await t().createStaff();
    const other = await t().createStaff();
    // The caller's session is cached as staff; the rule reads the table, which says otherwise.
    expect((await t().get(users, { token: staff.tokenvalue })).http).toBe(200);
    await t().db.updateTable('users').set({ is_staff: 0 }).where('id', '=', staff.id).execute();
    const res = await t().post(`${users}/${other.id}/revoke-staff`, undefined, { token: staff.tokenvalue });
    expect([res.http, res.body.message]).toEqual([409, M.lastStaff]);
    expect(
      (await t().db.selectFrom('users').select('is_staff').where('id', '=', other.id).executeTakeFirstOrThrow())
        .is_staff,
    ).toBe(1);
  });
});

describeEachEngine('staff users: switching an account off', (t) => {
  it('ends every session at once, refuses password, code and reset sign-ins, and a code login does not switch it back on', async () => {
    const staff = await t().createStaff({ first_name: 'Sam', last_name: 'Staff' });
    const viewer = await t().createViewer();
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(200);
    const off = await t().post<UserDetail>(`${users}/${viewer.id}/deactivate`, undefined, { token: staff.tokenvalue });
    expect([off.http, off.body.message]).toEqual([200, M.deactivated]);
    expect(off.body.data[0]?.state).toMatchObject({
      is_active: false,
      deactivated_at: t().clock.now().toISOString(),
      deactivated_by: { id: staff.id, name: 'Sam Staff' },
    });
    expect(off.body.data[0]?.sessions).toEqual([]);
    const refused = await t().get('/api/profile_v1', { token: viewer.tokenvalue });
    expect([refused.http, refused.body.message]).toEqual([401, MESSAGES.sessionExpired]);

    const password = await t().post('/api/login_v1', { email: viewer.email, password: viewer.password });
    expect([password.http, password.body.message]).toEqual([403, MESSAGES.accountDeactivated]);
    await t().get('/api/getloginotp', { query: { emailid: viewer.email } });
    const code = await t().post('/api/loginbyotp', { email: viewer.email, OTP: await t().latestCode(viewer.email) });
    expect([code.http, code.body.message]).toEqual([403, MESSAGES.accountDeactivated]);
    t().clock.advance(2 * MINUTE);
    await t().get('/api/forgotpasswordOTP_v1', { query: { emailId: viewer.email } });
    const reset = await t().post('/api/resetpasswordotp_v1', {
      email: viewer.email,
      OTP: await t().latestCode(viewer.email),
      password: 'garnet-moonstone-77',
    });
    expect([reset.http, reset.body.message]).toEqual([403, MESSAGES.accountDeactivated]);
    const row = await t().db.selectFrom('users').selectAll().where('id', '=', viewer.id).executeTakeFirstOrThrow();
    expect(row.isactive).toBe(0);
    expect(await t().db.selectFrom('sessions').select('id').where('user_id', '=', viewer.id).execute()).toEqual([]);

    const on = await t().post<UserDetail>(`${users}/${viewer.id}/reactivate`, undefined, { token: staff.tokenvalue });
    expect([on.http, on.body.message, on.body.data[0]?.state.is_active]).toEqual([200, M.reactivated, true]);
    expect((await t().post('/api/login_v1', { email: viewer.email, password: viewer.password })).http).toBe(200);
  });

  it('refuses one’s own account, a staff account until its rights are removed, and twice in a row', async () => {
    const staff = await t().createStaff();
    const colleague = await t().createStaff();
    const self = await t().post(`${users}/${staff.id}/deactivate`, undefined, { token: staff.tokenvalue });
    expect([self.http, self.body.message]).toEqual([403, M.notSelf]);
    const other = await t().post(`${users}/${colleague.id}/deactivate`, undefined, { token: staff.tokenvalue });
    expect([other.http, other.body.message]).toEqual([409, M.staffFirst]);
    const viewer = await t().createViewer();
    await t().post(`${users}/${viewer.id}/deactivate`, undefined, { token: staff.tokenvalue });
    const twice = await t().post(`${users}/${viewer.id}/deactivate`, undefined, { token: staff.tokenvalue });
    expect([twice.http, twice.body.message]).toEqual([409, M.alreadyOff]);
    const on = await t().post(`${users}/${colleague.id}/reactivate`, undefined, { token: staff.tokenvalue });
    expect([on.http, on.body.message]).toEqual([409, M.alreadyOn]);
  });

  it('ends one session and leaves the others', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const second = (await t().post<AuthedUser>('/api/login_v1', { email: viewer.email, password: viewer.password }))
      .body.data[0];
    const before = await detailOf(t(), staff.tokenvalue, viewer.id);
    expect(before.sessions).toHaveLength(2);
    const newest = before.sessions[0]?.id ?? 0;
    const ended = await t().post<UserDetail>(`${users}/${viewer.id}/sessions/${newest}/end`, undefined, {
      token: staff.tokenvalue,
    });
    expect([ended.http, ended.body.message, ended.body.data[0]?.sessions.length]).toEqual([200, M.sessionEnded, 1]);
    expect((await t().get('/api/profile_v1', { token: second?.tokenvalue })).http).toBe(401);
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(200);
    const gone = await t().post(`${users}/${viewer.id}/sessions/${newest}/end`, undefined, { token: staff.tokenvalue });
    expect([gone.http, gone.body.message]).toEqual([404, M.noSession]);
  });
});

describeEachEngine('staff users: export and erasure', (t) => {
  it('exports everything stored about a viewer as a JSON download, without secrets', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer({ first_name: 'Vera' });
    const show = await t().createEvent();
    await t()
      .db.insertInto('rsvps')
      .values({ user_id: viewer.id, event_id: show.id, rsvp_type: 'show', created_at: t().clock.now().toISOString() })
      .execute();
    await createRewardsService(t().app.ctx).credit(viewer.id, 25, 'checkin', `show:${show.id}`);
    const res = await exportOf(t(), staff.tokenvalue, viewer.id);
    expect(res.http).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gemcast-user-${viewer.id}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.text) as Record<string, unknown>;
    expect(data).toMatchObject({
      format: 'gemcast-user-export-v1',
      profile: { id: viewer.id, first_name: 'Vera', email: viewer.email, has_password: true },
      rsvps: [{ event_id: show.id }],
      reward_ledger: [{ seq: 1, points: 25 }],
      sessions: [{ second_factor_at: null }],
    });
    for (const key of [
      'live_checkins',
      'watch_logs',
      'giveaway_entries',
      'giveaway_picks',
      'spins',
      'coupons',
      'chat_messages',
      'chat_reports',
      'subscriptions',
      'consent_records',
      'product_registrations',
      'passkeys',
    ])
      expect(data, key).toHaveProperty(key);
    expect(res.text).not.toMatch(/token_hash|password_hash|argon2/);
  });

  it('erases a viewer: no personal field left, ways in removed, sessions ended; the draw and the ledger still verify', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer({ first_name: 'Vera', last_name: 'Opal', email: 'vera@example.com' });
    const others = [await t().createViewer(), await t().createViewer()];
    await t()
      .db.updateTable('users')
      .set({ address: '1 Gem Street', city: 'Tucson', birthday: '1990-04-02', profile_picture: 'profiles/vera.jpg' })
      .where('id', '=', viewer.id)
      .execute();
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    for (const person of [viewer, ...others]) expect((await enter(t(), person.tokenvalue, giveaway.id)).http).toBe(200);
    const rewards = createRewardsService(t().app.ctx);
    await rewards.credit(viewer.id, 40, 'checkin', 'show:1');
    await rewards.credit(viewer.id, 10, 'checkin', 'show:2');
    closeGiveaways(t());
    await t().passSecondFactor(staff.id);
    const drawn = await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
      token: staff.tokenvalue,
    });
    expect(drawn.http, drawn.body.message).toBe(200);
    const proofBefore = (await t().get<DrawProof>('/api/giveawayproof_v1', { query: { eventid: String(giveaway.id) } }))
      .body.data[0];

    const self = await t().post(`${users}/${staff.id}/erase`, { confirm: 'ERASE' }, { token: staff.tokenvalue });
    expect([self.http, self.body.message]).toEqual([403, M.notSelf]);
    const erased = await t().post<UserDetail>(
      `${users}/${viewer.id}/erase`,
      { confirm: 'VERA@example.com' },
      { token: staff.tokenvalue },
    );
    expect([erased.http, erased.body.message]).toEqual([200, M.erased]);
    const row = await t().db.selectFrom('users').selectAll().where('id', '=', viewer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: ERASED_NAME,
      middle_name: '',
      last_name: '',
      nickname: '',
      email: `erased-${viewer.id}@erased.invalid`,
      phone: `erased-${viewer.id}`,
      password_hash: null,
      address: '',
      city: '',
      birthday: null,
      anniversary: null,
      profile_picture: null,
      invited_code: null,
      ref_id: null,
      isactive: 0,
      erased_at: t().clock.now().toISOString(),
    });
    expect(JSON.stringify(row)).not.toMatch(/Vera|Opal|vera@|Gem Street|Tucson|1990/);
    for (const table of [
      'sessions',
      'passkeys',
      'staff_totp',
      'recovery_codes',
      'push_subscriptions',
      'notification_preferences',
    ] as const)
      expect(
        await t().db.selectFrom(table).select('user_id').where('user_id', '=', viewer.id).execute(),
        table,
      ).toEqual([]);
    expect((await t().get('/api/profile_v1', { token: viewer.tokenvalue })).http).toBe(401);
    expect((await t().post('/api/login_v1', { email: 'vera@example.com', password: viewer.password })).http).toBe(401);
    const again = await t().post(`${users}/${viewer.id}/erase`, { confirm: 'ERASE' }, { token: staff.tokenvalue });
    expect([again.http, again.body.message]).toEqual([409, M.erasedAlready]);

    // The draw: the same published proof, and every pick recomputes from the seed and the list.
    const proof = (await t().get<DrawProof>('/api/giveawayproof_v1', { query: { eventid: String(giveaway.id) } })).body
      .data[0];
    expect(proof).toEqual(proofBefore);
    if (!proof?.seed) throw new Error('the seed should be revealed');
    expect(await commitmentOf(proof.seed)).toBe(proof.commitment);
    const recomputed = await recomputePicks(proof.seed, giveaway.id, proof.entries, proof.picks.length);
    expect(recomputed.map((p) => p.entry_id)).toEqual(proof.picks.map((p) => p.entry_id));
    // The ledger: the erased viewer's chain still checks, row by row, to the same head.
    const ledger = await t()
      .db.selectFrom('reward_ledger')
      .selectAll()
      .where('user_id', '=', viewer.id)
      .orderBy('seq')
      .execute();
    expect(await verifyLedger(ledger)).toMatchObject({ ok: true, rows: 2 });
  });
});
