import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ChatToken } from '../../../shared/contract/chat';
import type { ChatReport, HiddenPerson } from '../../../shared/contract/chat-reports';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { connectChat, type ChatClient } from './chat.test-client';

/** A message stored in the lobby as if sent over the socket. */
async function posted(app: TestApp, userId: number, text: string) {
  const row = await app.db
    .insertInto('chat_messages')
    .values({ room: 'lobby', event_id: null, user_id: userId, text, created_at: app.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachEngine('chat reports and hidden people', (t) => {
  const clients: ChatClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  let base = '';
  beforeEach(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  });

  async function inLobby(userToken: string) {
    const token = (await t().get<ChatToken>('/api/weavy/token', { token: userToken })).body.data[0]?.token ?? '';
    const client = await connectChat(base);
    clients.push(client);
    await client.join(token, 'lobby');
    return client;
  }

  it('takes one report per viewer per message, with an optional reason, and lists it for staff', async () => {
    const author = await t().createViewer({ first_name: 'Opal', last_name: 'Reyes' });
    const first = await t().createViewer({ first_name: 'Beryl', last_name: 'Stone' });
    const second = await t().createViewer({ first_name: 'Coral', last_name: 'Hart', nickname: 'coralcat' });
    const staff = await t().createStaff();
    const id = await posted(t(), author.id, 'Buy rings at my shop instead');

    const reported = await t().post(
      '/api/chat/report',
      { messageId: id, reason: '  Spam, selling elsewhere ' },
      {
        token: first.tokenvalue,
      },
    );
    expect(reported.http, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body).toMatchObject({ status: 1, message: 'Thanks. Staff will look at that message.' });
    t().clock.advance(60_000);
    expect((await t().post('/api/chat/report', { messageId: id }, { token: second.tokenvalue })).http).toBe(200);

    // The same viewer again: refused, nothing stored twice.
    const again = await t().post('/api/chat/report', { messageId: id, reason: 'again' }, { token: first.tokenvalue });
    expect(again.http).toBe(409);
    expect(again.body.message).toBe('You have already reported that message.');

    const list = await t().get<ChatReport>('/api/staff/chat/reports', { token: staff.tokenvalue });
    expect(list.http).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const report = list.body.data[0];
    expect(report).toMatchObject({
      messageId: id,
      text: 'Buy rings at my shop instead',
      room: 'lobby',
      roomTitle: 'Lobby',
      isDeleted: false,
      count: 2,
      author: { userId: author.id, name: 'Opal R.', fullName: 'Opal Reyes', email: author.email, isStaff: false },
    });
    expect(report?.reports.map((r) => [r.reporterName, r.reason])).toEqual([
      ['Beryl S.', 'Spam, selling elsewhere'],
      ['coralcat', ''],
    ]);
    expect(report?.reports[1]?.reportedAt).toBe(t().clock.now().toISOString());
  });

  it('refuses reporting your own message, a missing one, bad input, too often and without a login', async () => {
    const viewer = await t().createViewer();
    const other = await t().createViewer();
    const own = await posted(t(), viewer.id, 'My own words');
    const theirs = await posted(t(), other.id, 'Hello all');
    const token = viewer.tokenvalue;

    const mine = await t().post('/api/chat/report', { messageId: own }, { token });
    expect([mine.http, mine.body.message]).toEqual([422, 'You cannot report your own message.']);
    const missing = await t().post('/api/chat/report', { messageId: 999_999 }, { token });
    expect([missing.http, missing.body.message]).toEqual([404, 'That message is no longer there.']);
    for (const body of [{}, { messageId: 'x' }, { messageId: -1 }, { messageId: theirs, reason: 7 }]) {
      const bad = await t().post('/api/chat/report', body, { token });
      expect(bad.http, JSON.stringify(body)).toBe(400);
      expect(bad.body.status).not.toBe(1);
    }
    const long = await t().post('/api/chat/report', { messageId: theirs, reason: 'x'.repeat(201) }, { token });
    expect([long.http, long.body.message]).toEqual([400, 'A reason can be up to 200 characters.']);
    expect((await t().post('/api/chat/report', { messageId: theirs })).http).toBe(401);
    expect(await t().db.selectFrom('chat_reports').selectAll().execute()).toEqual([]);

    // Ten reports in ten minutes, then a pause.
    const reporter = await t().createViewer();
    for (let i = 0; i < 10; i += 1) {
      const id = await posted(t(), other.id, `message ${i}`);
      expect((await t().post('/api/chat/report', { messageId: id }, { token: reporter.tokenvalue })).http).toBe(200);
    }
    const extra = await posted(t(), other.id, 'one more');
    const paced = await t().post('/api/chat/report', { messageId: extra }, { token: reporter.tokenvalue });
    expect(paced.http).toBe(429);
  });

  it('lists reports for staff only', async () => {
    const viewer = await t().createViewer();
    expect((await t().get('/api/staff/chat/reports')).http).toBe(401);
    expect((await t().get('/api/staff/chat/reports', { token: viewer.tokenvalue })).http).toBe(403);
    expect(
      (
        await t().post(
          '/api/staff/chat/reports/resolve',
          { messageId: 1, action: 'dismiss' },
          {
            token: viewer.tokenvalue,
          },
        )
      ).http,
    ).toBe(403);
    const staff = await t().createStaff();
    const bad = await t().get('/api/staff/chat/reports', { token: staff.tokenvalue, query: { limit: '0' } });
    expect(bad.http).toBe(400);
  });

  it('lets staff dismiss reports (logged) or act on them; open chats hear the outcome', async () => {
    const author = await t().createViewer({ first_name: 'Jet', last_name: 'Black' });
    const reporter = await t().createViewer();
    const staff = await t().createStaff();
    const token = staff.tokenvalue;
    const a = await posted(t(), author.id, 'first');
    const b = await posted(t(), author.id, 'second');
    const c = await posted(t(), author.id, 'third');
    for (const id of [a, b, c])
      expect((await t().post('/api/chat/report', { messageId: id }, { token: reporter.tokenvalue })).http).toBe(200);

    const badAction = await t().post('/api/staff/chat/reports/resolve', { messageId: a, action: 'shout' }, { token });
    expect(badAction.http).toBe(400);
    const badMinutes = await t().post(
      '/api/staff/chat/reports/resolve',
      { messageId: a, action: 'mute', minutes: 0 },
      {
        token,
      },
    );
    expect(badMinutes.http).toBe(400);

    const dismissed = await t().post('/api/staff/chat/reports/resolve', { messageId: a, action: 'dismiss' }, { token });
    expect(dismissed.http).toBe(200);
    expect(dismissed.body).toMatchObject({
      message: 'Reports dismissed; the message stays.',
      data: [{ messageId: a, action: 'dismiss', resolved: 1 }],
    });
    const twice = await t().post('/api/staff/chat/reports/resolve', { messageId: a, action: 'dismiss' }, { token });
    expect([twice.http, twice.body.message]).toEqual([409, 'Those reports have already been resolved.']);
    const log = await t().db.selectFrom('chat_moderation').selectAll().execute();
    expect(log).toMatchObject([
      { action: 'dismiss_report', message_id: a, target_user_id: author.id, detail: '1 report' },
    ]);

    const authorSocket = await inLobby(author.tokenvalue);
    const deleted = await t().post('/api/staff/chat/reports/resolve', { messageId: b, action: 'delete' }, { token });
    expect(deleted.body.message).toBe('Message deleted and reports resolved.');
    expect(await authorSocket.next('deleted')).toEqual({ type: 'deleted', id: b });

    const muted = await t().post(
      '/api/staff/chat/reports/resolve',
      { messageId: c, action: 'mute', minutes: 15 },
      {
        token,
      },
    );
    expect(muted.body.message).toBe('Jet B. is muted for 15 minutes; reports resolved.');
    expect((await authorSocket.next('mute_state')).mutedUntil).toBe(
      new Date(t().clock.now().getTime() + 15 * 60_000).toISOString(),
    );
    const left = await t().get<ChatReport>('/api/staff/chat/reports', { token });
    expect(left.body.data).toEqual([]);
    const resolutions = await t()
      .db.selectFrom('chat_reports')
      .select(['message_id', 'resolution'])
      .orderBy('id')
      .execute();
    expect(resolutions.map((r) => r.resolution)).toEqual(['dismiss', 'delete', 'mute']);

    // A ban closes the author's chat, and staff cannot be sanctioned through a report.
    const d = await posted(t(), author.id, 'fourth');
    const staffMessage = await posted(t(), staff.id, 'From the hosts');
    await t().post('/api/chat/report', { messageId: d }, { token: reporter.tokenvalue });
    await t().post('/api/chat/report', { messageId: staffMessage }, { token: reporter.tokenvalue });
    const banStaff = await t().post(
      '/api/staff/chat/reports/resolve',
      { messageId: staffMessage, action: 'ban' },
      {
        token,
      },
    );
    expect(banStaff.http).toBe(409);
    const banned = await t().post('/api/staff/chat/reports/resolve', { messageId: d, action: 'ban' }, { token });
    expect(banned.body.message).toBe('Jet B. is banned from chat; reports resolved.');
    expect((await authorSocket.next('error')).code).toBe('banned');
    expect((await authorSocket.closed).code).toBe(4403);
  });

  it('keeps the people a viewer hid, for that viewer only, and shows them again', async () => {
    const viewer = await t().createViewer();
    const noisy = await t().createViewer({ first_name: 'Rowan', last_name: 'Price' });
    const staff = await t().createStaff();
    const token = viewer.tokenvalue;

    const hidden = await t().post<HiddenPerson>('/api/chat/hide', { userId: noisy.id }, { token });
    expect(hidden.http).toBe(200);
    expect(hidden.body.message).toBe("Rowan P.'s messages are hidden from your chat.");
    expect(hidden.body.data.map((p) => [p.userId, p.name])).toEqual([[noisy.id, 'Rowan P.']]);
    // Hiding again changes nothing; another viewer's list is their own.
    expect((await t().post<HiddenPerson>('/api/chat/hide', { userId: noisy.id }, { token })).body.data).toHaveLength(1);
    expect((await t().get<HiddenPerson>('/api/chat/hidden', { token })).body.data).toHaveLength(1);
    expect((await t().get<HiddenPerson>('/api/chat/hidden', { token: noisy.tokenvalue })).body.data).toEqual([]);

    const self = await t().post('/api/chat/hide', { userId: viewer.id }, { token });
    expect([self.http, self.body.message]).toEqual([422, 'You cannot hide your own messages.']);
    const host = await t().post('/api/chat/hide', { userId: staff.id }, { token });
    expect([host.http, host.body.message]).toEqual([422, 'Messages from staff cannot be hidden.']);
    expect((await t().post('/api/chat/hide', { userId: 999_999 }, { token })).http).toBe(404);
    expect((await t().post('/api/chat/hide', { userId: '7' }, { token })).http).toBe(400);
    expect((await t().post('/api/chat/hide', { userId: noisy.id })).http).toBe(401);
    expect((await t().get('/api/chat/hidden')).http).toBe(401);
    expect((await t().post('/api/chat/unhide', { userId: noisy.id })).http).toBe(401);

    const shown = await t().post<HiddenPerson>('/api/chat/unhide', { userId: noisy.id }, { token });
    expect(shown.http).toBe(200);
    expect(shown.body.message).toBe("Rowan P.'s messages show in your chat again.");
    expect(shown.body.data).toEqual([]);
    expect((await t().post('/api/chat/unhide', { userId: -3 }, { token })).http).toBe(400);
  });
});
