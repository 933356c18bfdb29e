import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  CHAT_LIMITS,
  type ChatInfo,
  type ChatSanction,
  type ChatToken,
  type ModerationAction,
} from '../../../shared/contract/chat';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { buildApp } from '../../app';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { closeGiveaways, createGiveaway, enter } from '../giveaways/giveaway-factories';
import { chatRepository } from './chat.repository';
import { connectChat, type ChatClient } from './chat.test-client';

const MINUTE = 60_000;

/** A ban written straight to the table, as if staff had banned the viewer in another process. */
async function banOutright(app: TestApp, userId: number) {
  await app.db
    .insertInto('chat_sanctions')
    .values({
      user_id: userId,
      kind: 'ban',
      until: null,
      created_by: userId,
      created_at: app.clock.now().toISOString(),
      lifted_at: null,
      lifted_by: null,
    })
    .execute();
}

describeEachEngine(
  'chat',
  (t) => {
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

    async function tokenFor(app: TestApp, userToken: string, refresh = false) {
      const res = await app.get<ChatToken>('/api/weavy/token', {
        token: userToken,
        query: refresh ? { refresh: 'true' } : {},
      });
      expect(res.http, res.body.message).toBe(200);
      return res.body.data[0]?.token ?? '';
    }
    async function open(options: Parameters<typeof connectChat>[1] = {}) {
      const client = await connectChat(base, options);
      clients.push(client);
      return client;
    }
    /** A viewer (or staff member) with a socket in `room`. */
    async function member(room: 'lobby' | number = 'lobby', kind: 'viewer' | 'staff' = 'viewer') {
      const user = kind === 'staff' ? await t().createStaff() : await t().createViewer();
      const client = await open();
      const welcome = await client.join(await tokenFor(t(), user.tokenvalue), room);
      return { user, client, welcome };
    }
    const liveShow = () => t().createEvent({ cust_start: new Date(t().clock.now().getTime() - MINUTE).toISOString() });

    it('issues a 15-minute chat token, the same one until refresh is asked for', async () => {
      const viewer = await t().createViewer();
      const first = await t().get<ChatToken>('/api/weavy/token', { token: viewer.tokenvalue });
      expect(first.http).toBe(200);
      expect(first.body).toMatchObject({ status: 1, message: 'Chat token issued.', tzdiff: '-07:00' });
      const record = first.body.data[0];
      expect(record?.memberId).toBe(`gemcast-${viewer.id}`);
      const left = new Date(record?.expiresAt ?? 0).getTime() - t().clock.now().getTime();
      expect(left).toBeGreaterThan(10 * MINUTE - 1000);
      expect(left).toBeLessThanOrEqual(15 * MINUTE);
      expect(
        (await t().get<ChatToken>('/api/weavy/token', { token: viewer.tokenvalue, query: { refresh: 'false' } })).body
          .data[0]?.token,
      ).toBe(record?.token);
      const refreshed = await t().get<ChatToken>('/api/weavy/token', {
        token: viewer.tokenvalue,
        query: { refresh: 'true' },
      });
      expect(refreshed.body.data[0]?.token).not.toBe(record?.token);
      expect(new Date(refreshed.body.data[0]?.expiresAt ?? 0).getTime() - t().clock.now().getTime()).toBe(15 * MINUTE);
    });

    it('refuses a token without a login, with a bad refresh value, and after a ban', async () => {
      expect((await t().get('/api/weavy/token')).http).toBe(401);
      const viewer = await t().createViewer();
      const bad = await t().get('/api/weavy/token', { token: viewer.tokenvalue, query: { refresh: 'maybe' } });
      expect([bad.http, bad.body.status, bad.body.message]).toEqual([400, -1, 'refresh is true or false.']);
      await banOutright(t(), viewer.id);
      const banned = await t().get('/api/weavy/token', { token: viewer.tokenvalue });
      expect([banned.http, banned.body.message]).toEqual([403, 'You can no longer take part in chat.']);
    });

    it('answers the spec fallbacks when the chat store fails', async () => {
      const viewer = await t().createViewer();
      await t().db.schema.dropTable('chat_rooms').execute();
      const info = await t().get('/api/weavyinfo', { token: viewer.tokenvalue });
      expect([info.http, info.body.message, info.body.data]).toEqual([503, 'Failed to get Weavy info', []]);
      await t().db.schema.dropTable('chat_sanctions').execute();
      const token = await t().get('/api/weavy/token', { token: viewer.tokenvalue });
      expect([token.http, token.body.message]).toEqual([503, 'Failed to get token']);
    });

    it('gives connection info: the socket path, the lobby and the show on air, the limits', async () => {
      const show = await liveShow();
      const viewer = await t().createViewer();
      const res = await t().get<ChatInfo>('/api/weavyinfo', { token: viewer.tokenvalue });
      expect(res.http).toBe(200);
      expect(res.body.tzdiff).toBe('-07:00');
      expect(res.body.data[0]).toMatchObject({
        url: '/api/chat/ws',
        isStaff: false,
        rooms: [
          { room: 'lobby', title: 'Lobby', isOpen: true, slowModeSeconds: 0 },
          { room: show.id, title: show.title, isOpen: true, slowModeSeconds: 0 },
        ],
        limits: { messageChars: 500, ratePerWindow: 5, rateWindowSeconds: 10 },
      });
      expect((await t().get('/api/weavyinfo')).http).toBe(401);
    });

    it('joins a room with history, member count and own mute state, and delivers messages as plain text to everyone', async () => {
      const show = await liveShow();
      const a = await member(show.id);
      expect(a.welcome).toMatchObject({
        room: { room: show.id, title: show.title, isOpen: true },
        history: [],
        members: 1,
        reset: true,
        me: { userId: a.user.id, isStaff: false, mutedUntil: null },
      });
      const b = await member(show.id);
      expect(b.welcome.members).toBe(2);
      const html = '<script>alert("hi")</script> <b>bold</b> & @you';
      a.client.send({ type: 'message', text: `  ${html}  `, clientId: 'c1' });
      const seenByB = await b.client.next('message');
      const seenByA = await a.client.next('message');
      expect(seenByB.message).toMatchObject({
        text: html,
        userId: a.user.id,
        name: `Viewer ${a.user.last_name.charAt(0)}.`,
        room: show.id,
        isStaff: false,
      });
      expect(seenByA.message.clientId).toBe('c1');
      const stored = await t().db.selectFrom('chat_messages').select(['room', 'event_id', 'user_id', 'text']).execute();
      expect(stored).toEqual([{ room: `show:${show.id}`, event_id: show.id, user_id: a.user.id, text: html }]);
      expect((await a.client.next('presence', (p) => p.members === 2, 3000)).members).toBe(2);
      const c = await member(show.id);
      expect(c.welcome.history.map((m) => m.text)).toEqual([html]);
    });

    it('sends the last 50 messages on join, oldest first', async () => {
      const viewer = await t().createViewer();
      for (let i = 1; i <= 60; i++) {
        await t()
          .db.insertInto('chat_messages')
          .values({
            room: 'lobby',
            event_id: null,
            user_id: viewer.id,
            text: `note ${i}`,
            created_at: t().clock.now().toISOString(),
          })
          .execute();
      }
      const { welcome } = await member('lobby');
      expect(welcome.history).toHaveLength(CHAT_LIMITS.historySize);
      expect(welcome.history[0]?.text).toBe('note 11');
      expect(welcome.history.at(-1)?.text).toBe('note 60');
    });

    it('reads a room history once for joins in a row, and again after a message is stored or deleted (decision 104)', async () => {
      const show = await liveShow();
      const reads = vi.spyOn(chatRepository, 'recent');
      try {
        const first = await member(show.id);
        const second = await member(show.id);
        const staff = await member(show.id, 'staff');
        expect(reads).toHaveBeenCalledTimes(1);
        first.client.send({ type: 'message', text: 'Is the opal Australian?' });
        const { message } = await second.client.next('message');
        const afterMessage = await member(show.id);
        expect(afterMessage.welcome.history.map((m) => [m.id, m.text])).toEqual([[message.id, message.text]]);
        expect(reads).toHaveBeenCalledTimes(2);
        staff.client.send({ type: 'delete', id: message.id });
        await first.client.next('deleted');
        const afterDelete = await member(show.id);
        expect([afterDelete.welcome.history, afterDelete.welcome.deleted]).toEqual([[], [message.id]]);
        expect(reads).toHaveBeenCalledTimes(3);
      } finally {
        reads.mockRestore();
      }
    });

    it('shows a new author name in the history a few seconds after the change at most (decision 104)', async () => {
      const show = await liveShow();
      const author = await member(show.id);
      author.client.send({ type: 'message', text: 'Hello from Tucson' });
      await author.client.next('message');
      expect((await member(show.id)).welcome.history[0]?.name).toBe(`Viewer ${author.user.last_name.charAt(0)}.`);
      await t().db.updateTable('users').set({ nickname: 'OpalFan' }).where('id', '=', author.user.id).execute();
      t().clock.advance(5_000);
      expect((await member(show.id)).welcome.history[0]?.name).toBe('OpalFan');
    });

    it("opens a private show's room only to staff and its RSVP list, as an unknown room to anyone else", async () => {
      const show = await t().createEvent({ is_public: 0, title: 'Collectors only' });
      const guest = await t().createViewer();
      await t()
        .db.insertInto('rsvps')
        .values({ user_id: guest.id, event_id: show.id, rsvp_type: 'new', created_at: t().clock.now().toISOString() })
        .execute();
      const stranger = await t().createViewer();
      const client = await open();
      client.send({ type: 'join', token: await tokenFor(t(), stranger.tokenvalue), room: show.id });
      const refused = await client.next('error');
      client.send({ type: 'join', token: await tokenFor(t(), stranger.tokenvalue), room: 9999 });
      expect(await client.next('error')).toEqual(refused);
      expect(refused.code).toBe('not_found');
      const { welcome: staffWelcome } = await member(show.id, 'staff');
      expect(staffWelcome.room.title).toBe('Collectors only');
      const guestClient = await open();
      const guestWelcome = await guestClient.join(await tokenFor(t(), guest.tokenvalue), show.id);
      expect(guestWelcome.room.room).toBe(show.id);
    });

    it('refuses a bad token, frames before joining, unknown rooms and giveaways', async () => {
      const client = await open();
      client.send({ type: 'message', text: 'hello' });
      expect((await client.next('error')).code).toBe('not_joined');
      const giveaway = await t().createEvent({ type: 'giveaway' });
      const viewer = await t().createViewer();
      const token = await tokenFor(t(), viewer.tokenvalue);
      client.send({ type: 'join', token, room: giveaway.id });
      expect(await client.next('error')).toEqual({
        type: 'error',
        code: 'not_found',
        message: 'There is no chat room for that show.',
      });
      client.send({ type: 'join', token, room: 9999 });
      expect((await client.next('error')).code).toBe('not_found');
      client.send({ type: 'join', token: `${token.slice(0, -2)}xx`, room: 'lobby' });
      expect(await client.next('error')).toEqual({
        type: 'error',
        code: 'unauthorized',
        message: 'Your chat session has ended. Please log in again.',
      });
      expect((await client.closed).code).toBe(4401);
    });

    it('ends chat access when the token expires or the login session ends', async () => {
      const viewer = await t().createViewer();
      const token = await tokenFor(t(), viewer.tokenvalue, true);
      t().clock.advance(15 * MINUTE + 1000);
      const late = await open();
      late.send({ type: 'join', token, room: 'lobby' });
      expect((await late.next('error')).code).toBe('unauthorized');
      const fresh = await tokenFor(t(), viewer.tokenvalue);
      await t().post('/api/logout', {}, { token: viewer.tokenvalue });
      const after = await open();
      after.send({ type: 'join', token: fresh, room: 'lobby' });
      expect((await after.next('error')).code).toBe('unauthorized');
    });

    it('answers malformed and oversized frames with an error frame, and closes past 8 KB', async () => {
      const { client } = await member();
      client.sendRaw('not json');
      expect(await client.next('error')).toEqual({
        type: 'error',
        code: 'bad_frame',
        message: 'That frame was not understood.',
      });
      client.sendRaw(JSON.stringify({ type: 'shout', text: 'hi' }));
      expect((await client.next('error')).code).toBe('bad_frame');
      client.sendRaw(JSON.stringify({ type: 'message' }));
      expect((await client.next('error')).code).toBe('bad_frame');
      client.sendRaw(Buffer.from('{"type":"ping"}'), true);
      expect((await client.next('error')).code).toBe('bad_frame');
      client.sendRaw(JSON.stringify({ type: 'message', text: 'x'.repeat(3000) }));
      expect(await client.next('error')).toEqual({
        type: 'error',
        code: 'too_large',
        message: 'That frame is too large.',
      });
      client.send({ type: 'ping' });
      await client.next('pong');
      client.sendRaw(JSON.stringify({ type: 'message', text: 'x'.repeat(9000) }));
      expect((await client.closed).code).toBe(1009);
      expect(await t().db.selectFrom('chat_messages').select('id').execute()).toEqual([]);
    });

    it('answers a burst of frames in order, pushing back instead of dropping or closing', async () => {
      const { client } = await member();
      for (let i = 0; i < 200; i++) client.send({ type: 'ping' });
      for (let i = 0; i < 200; i++) await client.next('pong');
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    });

    it('refuses empty and over-long messages with a notice', async () => {
      const { client } = await member();
      client.send({ type: 'message', text: '   ', clientId: 'e' });
      expect(await client.next('notice')).toEqual({
        type: 'notice',
        code: 'empty',
        message: 'Type a message first.',
        clientId: 'e',
      });
      client.send({ type: 'message', text: 'é'.repeat(501) });
      expect((await client.next('notice')).code).toBe('too_long');
      client.send({ type: 'message', text: 'é'.repeat(500) });
      expect((await client.next('message')).message.text).toHaveLength(500);
    });

    it('answers a plain HTTP request to the socket address with 426 and the envelope', async () => {
      const res = await t().get('/api/chat/ws');
      expect([res.http, res.body.status, res.body.message]).toEqual([
        426,
        0,
        'This address takes WebSocket connections only.',
      ]);
      expect((await t().get('/api/chat/ws', { headers: { origin: 'https://evil.example' } })).http).toBe(403);
    });

    it('checks the Origin at the handshake and turns a banned viewer away with 403', async () => {
      await expect(connectChat(base, { origin: 'https://evil.example' })).rejects.toThrow('handshake refused: 403');
      clients.push(await open({ origin: base }));
      clients.push(await open({ origin: t().config.publicUrl }));
      const viewer = await t().createViewer();
      const token = await tokenFor(t(), viewer.tokenvalue);
      await banOutright(t(), viewer.id);
      await expect(connectChat(base, { cookie: `weavyInfo=${encodeURIComponent(token)}` })).rejects.toThrow(
        'handshake refused: 403',
      );
      const sneaky = await open();
      sneaky.send({ type: 'join', token, room: 'lobby' });
      expect((await sneaky.next('error')).code).toBe('banned');
      expect((await sneaky.closed).code).toBe(4403);
    });

    it('rate-limits a viewer to 5 messages in 10 seconds and suppresses duplicates', async () => {
      const { client } = await member();
      for (let i = 1; i <= 5; i++) client.send({ type: 'message', text: `gem ${i}` });
      client.send({ type: 'message', text: 'gem 6', clientId: 'six' });
      const notice = await client.next('notice');
      expect(notice).toMatchObject({
        code: 'rate_limited',
        message: 'You are sending messages too quickly. Please wait a few seconds.',
        clientId: 'six',
      });
      expect(notice.retryAfterSeconds).toBeGreaterThan(0);
      t().clock.advance(10_001);
      client.send({ type: 'message', text: 'GEM   1' });
      expect(await client.next('notice')).toMatchObject({ code: 'duplicate', message: 'You just sent that message.' });
      t().clock.advance(CHAT_LIMITS.duplicateWindowMs);
      client.send({ type: 'message', text: 'gem 1' });
      await client.next('message', (m) => m.message.text === 'gem 1' && m.message.id > 5);
      expect(await t().db.selectFrom('chat_messages').select('text').orderBy('id').execute()).toHaveLength(6);
    });

    it('lets staff delete and pin for everyone, and stores who did it and when', async () => {
      const show = await liveShow();
      const viewer = await member(show.id);
      const staff = await member(show.id, 'staff');
      expect(staff.welcome.me.isStaff).toBe(true);
      viewer.client.send({ type: 'message', text: 'Is the opal Australian?' });
      const { message } = await staff.client.next('message');
      staff.client.send({ type: 'pin', id: message.id });
      expect((await viewer.client.next('pinned')).message?.id).toBe(message.id);
      const joiner = await member(show.id);
      expect(joiner.welcome.pinned?.id).toBe(message.id);
      staff.client.send({ type: 'delete', id: message.id });
      expect(await viewer.client.next('deleted')).toEqual({ type: 'deleted', id: message.id });
      expect(await joiner.client.next('deleted')).toEqual({ type: 'deleted', id: message.id });
      expect((await viewer.client.next('pinned')).message).toBeNull();
      expect((await staff.client.next('notice', (n) => n.message === 'Message deleted.')).code).toBe('moderated');
      const later = await member(show.id);
      expect([later.welcome.history, later.welcome.pinned, later.welcome.deleted]).toEqual([[], null, [message.id]]);
      const log = await t().get<ModerationAction>('/api/staff/chat/moderation', { token: staff.user.tokenvalue });
      expect(log.body.data.map((a) => [a.action, a.staffId, a.messageId, a.room])).toEqual([
        ['delete', staff.user.id, message.id, show.id],
        ['pin', staff.user.id, message.id, show.id],
      ]);
      expect(log.body.data[0]?.createdAt).toBe(t().clock.now().toISOString());
      expect((await t().get('/api/staff/chat/moderation', { token: viewer.user.tokenvalue })).http).toBe(403);
      expect((await t().get('/api/staff/chat/moderation')).http).toBe(401);
      expect(
        (await t().get('/api/staff/chat/moderation', { token: staff.user.tokenvalue, query: { limit: '0' } })).http,
      ).toBe(400);
    });

    it('refuses staff actions from viewers', async () => {
      const a = await member();
      const b = await member();
      a.client.send({ type: 'mute', userId: b.user.id, minutes: 5 });
      expect(await a.client.next('error')).toEqual({
        type: 'error',
        code: 'forbidden',
        message: 'Only staff can do that.',
      });
      a.client.send({ type: 'slow_mode', seconds: 30 });
      expect((await a.client.next('error')).code).toBe('forbidden');
      expect(await t().db.selectFrom('chat_moderation').select('id').execute()).toEqual([]);
    });

    it('refuses a muted viewer on the server until the mute ends or is lifted', async () => {
      const viewer = await member();
      const staff = await member('lobby', 'staff');
      staff.client.send({ type: 'mute', userId: viewer.user.id, minutes: 10 });
      const state = await viewer.client.next('mute_state');
      expect(state.mutedUntil).toBe(new Date(t().clock.now().getTime() + 10 * MINUTE).toISOString());
      expect((await staff.client.next('notice')).message).toBe(
        `Viewer ${viewer.user.last_name.charAt(0)}. is muted for 10 minutes.`,
      );
      viewer.client.send({ type: 'message', text: 'let me talk', clientId: 'm' });
      const refused = await viewer.client.next('notice');
      expect(refused).toMatchObject({ code: 'muted', clientId: 'm' });
      expect(refused.message).toMatch(/^You are muted until Jun 15, 11:10\sAM PDT\.$/);
      const rejoin = await member('lobby');
      expect(rejoin.welcome.me.mutedUntil).toBeNull();
      const again = await open();
      expect((await again.join(await tokenFor(t(), viewer.user.tokenvalue), 'lobby')).me.mutedUntil).toBe(
        state.mutedUntil,
      );
      t().clock.advance(10 * MINUTE + 1);
      viewer.client.send({ type: 'message', text: 'back again' });
      await viewer.client.next('message');
      staff.client.send({ type: 'mute', userId: viewer.user.id, minutes: 60 });
      await viewer.client.next('mute_state', (s) => s.mutedUntil !== null);
      staff.client.send({ type: 'unmute', userId: viewer.user.id });
      expect((await viewer.client.next('mute_state', (s) => s.mutedUntil === null)).mutedUntil).toBeNull();
      viewer.client.send({ type: 'message', text: 'thank you' });
      await viewer.client.next('message', (m) => m.message.text === 'thank you');
      const actions = await t()
        .db.selectFrom('chat_moderation')
        .select(['action', 'staff_id', 'target_user_id', 'created_at'])
        .orderBy('id')
        .execute();
      expect(actions.map((a) => [a.action, a.staff_id, a.target_user_id])).toEqual([
        ['mute', staff.user.id, viewer.user.id],
        ['mute', staff.user.id, viewer.user.id],
        ['unmute', staff.user.id, viewer.user.id],
      ]);
      staff.client.send({ type: 'mute', userId: staff.user.id, minutes: 5 });
      expect((await staff.client.next('notice', (n) => n.message.startsWith('Staff'))).message).toBe(
        'Staff cannot be muted or banned.',
      );
    });

    it('bans a viewer: their sockets close and they cannot come back', async () => {
      const viewer = await member();
      const staff = await member('lobby', 'staff');
      staff.client.send({ type: 'ban', userId: viewer.user.id });
      expect((await viewer.client.next('error')).code).toBe('banned');
      expect((await viewer.client.closed).code).toBe(4403);
      const retry = await open();
      retry.send({ type: 'join', token: await tokenFor(t(), staff.user.tokenvalue), room: 'lobby' });
      await retry.next('welcome');
      expect((await t().get('/api/weavy/token', { token: viewer.user.tokenvalue })).http).toBe(403);
      expect(await t().db.selectFrom('chat_sanctions').select(['user_id', 'kind', 'created_by']).execute()).toEqual([
        { user_id: viewer.user.id, kind: 'ban', created_by: staff.user.id },
      ]);
    });

    it('lets staff lift a ban over HTTP, logged; the viewer can join and send again; refuses viewers, strangers and bad input', async () => {
      const viewer = await member();
      const staff = await member('lobby', 'staff');
      staff.client.send({ type: 'ban', userId: viewer.user.id });
      await viewer.client.closed;
      expect((await t().post('/api/staff/chat/unban', { userId: viewer.user.id })).http).toBe(401);
      expect(
        (await t().post('/api/staff/chat/unban', { userId: viewer.user.id }, { token: viewer.user.tokenvalue })).http,
      ).toBe(403);
      const bad = await t().post('/api/staff/chat/unban', { userId: 'someone' }, { token: staff.user.tokenvalue });
      expect([bad.http, bad.body.status, bad.body.message]).toEqual([400, -1, 'userId is a number.']);
      expect((await t().post('/api/staff/chat/unban', { userId: 9999 }, { token: staff.user.tokenvalue })).http).toBe(
        404,
      );
      expect((await t().get('/api/weavy/token', { token: viewer.user.tokenvalue })).http).toBe(403);
      const lifted = await t().post(
        '/api/staff/chat/unban',
        { userId: viewer.user.id },
        { token: staff.user.tokenvalue },
      );
      expect([lifted.http, lifted.body.message, lifted.body.data]).toEqual([
        200,
        `Viewer ${viewer.user.last_name.charAt(0)}. can take part in chat again.`,
        [{ userId: viewer.user.id, banned: false }],
      ]);
      const again = await t().post(
        '/api/staff/chat/unban',
        { userId: viewer.user.id },
        { token: staff.user.tokenvalue },
      );
      expect([again.http, again.body.status, again.body.message]).toEqual([
        409,
        0,
        `Viewer ${viewer.user.last_name.charAt(0)}. is not banned.`,
      ]);
      const back = await open({
        cookie: `weavyInfo=${encodeURIComponent(await tokenFor(t(), viewer.user.tokenvalue))}`,
      });
      expect((await back.join(await tokenFor(t(), viewer.user.tokenvalue), 'lobby')).me.userId).toBe(viewer.user.id);
      back.send({ type: 'message', text: 'Thank you for letting me back in' });
      expect((await staff.client.next('message', (m) => m.message.userId === viewer.user.id)).message.text).toBe(
        'Thank you for letting me back in',
      );
      const actions = await t()
        .db.selectFrom('chat_moderation')
        .select(['action', 'staff_id', 'target_user_id', 'room', 'created_at'])
        .orderBy('id')
        .execute();
      expect(actions).toEqual([
        {
          action: 'ban',
          staff_id: staff.user.id,
          target_user_id: viewer.user.id,
          room: 'lobby',
          created_at: t().clock.now().toISOString(),
        },
        {
          action: 'unban',
          staff_id: staff.user.id,
          target_user_id: viewer.user.id,
          room: null,
          created_at: t().clock.now().toISOString(),
        },
      ]);
    });

    it("lets staff lift a mute over HTTP: the viewer's open chat unlocks at once and the lift is logged", async () => {
      const viewer = await member();
      const staff = await member('lobby', 'staff');
      staff.client.send({ type: 'mute', userId: viewer.user.id, minutes: 60 });
      await viewer.client.next('mute_state', (m) => m.mutedUntil !== null);
      expect((await t().post('/api/staff/chat/unmute', { userId: viewer.user.id })).http).toBe(401);
      expect(
        (await t().post('/api/staff/chat/unmute', { userId: viewer.user.id }, { token: viewer.user.tokenvalue })).http,
      ).toBe(403);
      const bad = await t().post('/api/staff/chat/unmute', { userId: -4 }, { token: staff.user.tokenvalue });
      expect([bad.http, bad.body.status, bad.body.message]).toEqual([400, -1, 'userId is a number.']);
      expect((await t().post('/api/staff/chat/unmute', {}, { token: staff.user.tokenvalue })).http).toBe(400);
      expect((await t().post('/api/staff/chat/unmute', { userId: 9999 }, { token: staff.user.tokenvalue })).http).toBe(
        404,
      );
      viewer.client.send({ type: 'message', text: 'still muted?' });
      expect((await viewer.client.next('notice')).code).toBe('muted');
      expect(await t().db.selectFrom('chat_moderation').select('action').orderBy('id').execute()).toEqual([
        { action: 'mute' },
      ]);

      const lifted = await t().post(
        '/api/staff/chat/unmute',
        { userId: viewer.user.id },
        { token: staff.user.tokenvalue },
      );
      expect([lifted.http, lifted.body.message, lifted.body.data]).toEqual([
        200,
        `Viewer ${viewer.user.last_name.charAt(0)}. can chat again.`,
        [{ userId: viewer.user.id, mutedUntil: null }],
      ]);
      expect((await viewer.client.next('mute_state', (m) => m.mutedUntil === null)).mutedUntil).toBeNull();
      viewer.client.send({ type: 'message', text: 'I can talk again' });
      expect((await staff.client.next('message', (m) => m.message.text === 'I can talk again')).message.userId).toBe(
        viewer.user.id,
      );
      const again = await t().post(
        '/api/staff/chat/unmute',
        { userId: viewer.user.id },
        { token: staff.user.tokenvalue },
      );
      expect([again.http, again.body.message]).toEqual([
        409,
        `Viewer ${viewer.user.last_name.charAt(0)}. is not muted.`,
      ]);
      const log = await t().get<ModerationAction>('/api/staff/chat/moderation', { token: staff.user.tokenvalue });
      expect(log.body.data.map((a) => [a.action, a.staffId, a.targetUserId, a.targetName, a.room])).toEqual([
        ['unmute', staff.user.id, viewer.user.id, `Viewer ${viewer.user.last_name.charAt(0)}.`, null],
        ['mute', staff.user.id, viewer.user.id, `Viewer ${viewer.user.last_name.charAt(0)}.`, 'lobby'],
      ]);
    });

    it('refuses a userId that is not a JSON number (true, [id], "id") and lifts nothing', async () => {
      const viewer = await member();
      const staff = await member('lobby', 'staff');
      staff.client.send({ type: 'mute', userId: viewer.user.id, minutes: 60 });
      await viewer.client.next('mute_state', (m) => m.mutedUntil !== null);
      const id = viewer.user.id;
      for (const url of ['/api/staff/chat/unban', '/api/staff/chat/unmute'])
        for (const userId of [true, [id], String(id)]) {
          const res = await t().post(url, { userId }, { token: staff.user.tokenvalue });
          expect({ url, userId, http: res.http, message: res.body.message }).toEqual({
            url,
            userId,
            http: 400,
            message: 'userId is a number.',
          });
        }
      expect(await t().db.selectFrom('chat_moderation').select('action').execute()).toEqual([{ action: 'mute' }]);
      viewer.client.send({ type: 'message', text: 'still muted?' });
      expect((await viewer.client.next('notice')).code).toBe('muted');
    });

    it('lists the mutes and bans in force for staff: who, by whom, when, until when and in which room', async () => {
      const show = await liveShow();
      const muted = await member(show.id);
      const banned = await member('lobby');
      const briefly = await member('lobby');
      const staff = await member(show.id, 'staff');
      const staffInLobby = await open();
      await staffInLobby.join(await tokenFor(t(), staff.user.tokenvalue), 'lobby');
      staffInLobby.send({ type: 'mute', userId: briefly.user.id, minutes: 1 });
      await briefly.client.next('mute_state');
      t().clock.advance(2 * MINUTE);
      staff.client.send({ type: 'mute', userId: muted.user.id, minutes: 30 });
      const { mutedUntil } = await muted.client.next('mute_state');
      const mutedAt = t().clock.now().toISOString();
      t().clock.advance(MINUTE);
      staffInLobby.send({ type: 'ban', userId: banned.user.id });
      await banned.client.closed;

      const res = await t().get<ChatSanction>('/api/staff/chat/sanctions', { token: staff.user.tokenvalue });
      expect([res.http, res.body.message]).toEqual([200, 'Bans and mutes in force.']);
      /** The listing of one sanction given by `staff` to `who`. */
      const given = (
        who: { user: { id: number; last_name: string; email: string } },
        fields: Pick<ChatSanction, 'kind' | 'room' | 'roomTitle' | 'createdAt' | 'until'>,
      ) => ({
        id: expect.any(Number),
        userId: who.user.id,
        name: `Viewer ${who.user.last_name.charAt(0)}.`,
        fullName: `Viewer ${who.user.last_name}`,
        email: who.user.email,
        staffName: `Viewer ${staff.user.last_name.charAt(0)}.`,
        ...fields,
      });
      expect(res.body.data).toEqual([
        given(banned, {
          kind: 'ban',
          room: 'lobby',
          roomTitle: 'Lobby',
          createdAt: t().clock.now().toISOString(),
          until: null,
        }),
        given(muted, { kind: 'mute', room: show.id, roomTitle: show.title, createdAt: mutedAt, until: mutedUntil }),
      ]);
      expect(
        (
          await t().get<ChatSanction>('/api/staff/chat/sanctions', {
            token: staff.user.tokenvalue,
            query: { limit: '1' },
          })
        ).body.data.map((r) => r.kind),
      ).toEqual(['ban']);
      const bad = await t().get('/api/staff/chat/sanctions', { token: staff.user.tokenvalue, query: { limit: 'all' } });
      expect([bad.http, bad.body.status, bad.body.message]).toEqual([400, -1, 'limit is a number from 1 to 500.']);
      expect((await t().get('/api/staff/chat/sanctions', { token: muted.user.tokenvalue })).http).toBe(403);
      expect((await t().get('/api/staff/chat/sanctions')).http).toBe(401);
      await t().post('/api/staff/chat/unban', { userId: banned.user.id }, { token: staff.user.tokenvalue });
      expect(
        (await t().get<ChatSanction>('/api/staff/chat/sanctions', { token: staff.user.tokenvalue })).body.data.map(
          (r) => r.userId,
        ),
      ).toEqual([muted.user.id]);
      staffInLobby.send({ type: 'ping' });
      await staffInLobby.next('pong');
      await staffInLobby.close();
    });

    it("marks a show's giveaway winners for everyone in its room: on joining, and as staff draw and forfeit", async () => {
      const show = await t().createEvent({
        cust_start: new Date(t().clock.now().getTime() - MINUTE).toISOString(),
        cust_end: new Date(t().clock.now().getTime() + 3 * 60 * MINUTE).toISOString(),
      });
      const staffUser = await t().createStaff();
      const giveaway = await createGiveaway(t(), staffUser.tokenvalue, { show_id: show.id });
      const elsewhere = await createGiveaway(t(), staffUser.tokenvalue, { title: 'A giveaway of no show' });
      const first = await member(show.id);
      const second = await member(show.id);
      const inLobby = await member('lobby');
      expect([first.welcome.winners, inLobby.welcome.winners]).toEqual([[], []]);
      for (const who of [first, second]) {
        expect((await enter(t(), who.user.tokenvalue, giveaway.id)).http).toBe(200);
        expect((await enter(t(), who.user.tokenvalue, elsewhere.id)).http).toBe(200);
      }
      await closeGiveaways(t());
      const draw = async (id: number) => {
        const res = await t().post<StaffGiveawayDetail>(
          `/api/staff/giveaways/${id}/draw`,
          {},
          { token: staffUser.tokenvalue },
        );
        expect(res.http, res.body.message).toBe(200);
        const pick = res.body.data[0]?.picks.find((p) => p.status === 'pending');
        if (!pick) throw new Error('the draw left no pending pick');
        return pick;
      };

      // A draw in a giveaway of no show marks nobody.
      await draw(elsewhere.id);
      const pick = await draw(giveaway.id);
      for (const who of [first, second]) expect((await who.client.next('winners')).userIds).toEqual([pick.user_id]);
      const joiner = await member(show.id);
      expect(joiner.welcome.winners).toEqual([pick.user_id]);
      expect(inLobby.client.frames.filter((f) => f.type === 'winners')).toEqual([]);

      // Five minutes without a claim: the pick is forfeited and the other entrant drawn.
      t().clock.advance(5 * MINUTE + 1000);
      const forfeited = await t().post<StaffGiveawayDetail>(
        `/api/staff/giveaways/${giveaway.id}/forfeit`,
        { pick_id: pick.id },
        { token: staffUser.tokenvalue },
      );
      expect(forfeited.http, forfeited.body.message).toBe(200);
      const redrawn = forfeited.body.data[0]?.picks.find((p) => p.status === 'pending');
      expect(redrawn?.user_id).not.toBe(pick.user_id);
      expect((await joiner.client.next('winners')).userIds).toEqual([redrawn?.user_id]);
      const claimed = await t().post(
        `/api/staff/giveaways/${giveaway.id}/claim`,
        { pick_id: redrawn?.id },
        { token: staffUser.tokenvalue },
      );
      expect(claimed.http).toBe(200);
      expect((await member(show.id)).welcome.winners).toEqual([redrawn?.user_id]);
      expect(inLobby.client.frames.filter((f) => f.type === 'winners')).toEqual([]);
    });

    it('applies slow mode to viewers but not staff', async () => {
      const viewer = await member();
      const staff = await member('lobby', 'staff');
      staff.client.send({ type: 'slow_mode', seconds: 30 });
      expect(await viewer.client.next('room')).toEqual({ type: 'room', slowModeSeconds: 30, isOpen: true });
      viewer.client.send({ type: 'message', text: 'first' });
      await viewer.client.next('message');
      viewer.client.send({ type: 'message', text: 'second' });
      expect(await viewer.client.next('notice')).toMatchObject({
        code: 'slow_mode',
        message: 'Slow mode is on in this room: one message every 30 seconds.',
        retryAfterSeconds: 30,
      });
      staff.client.send({ type: 'message', text: 'staff one' });
      staff.client.send({ type: 'message', text: 'staff two' });
      await viewer.client.next('message', (m) => m.message.text === 'staff two');
      const joiner = await member();
      expect(joiner.welcome.room.slowModeSeconds).toBe(30);
    });

    /** An action from the producer console (decision 080) on the show, as staff take it. */
    const consoleAct = (showId: number, staffToken: string, action: Record<string, unknown>) =>
      t().post(`/api/staff/console/${showId}/act`, action, { token: staffToken });

    it('clears a show room from the console: every message deleted by the staff member, a cleared frame, logged', async () => {
      const show = await liveShow();
      const viewer = await member(show.id);
      const staff = await member(show.id, 'staff');
      viewer.client.send({ type: 'message', text: 'Is the opal Australian?' });
      const { message } = await staff.client.next('message');
      staff.client.send({ type: 'pin', id: message.id });
      await viewer.client.next('pinned');
      const res = await consoleAct(show.id, staff.user.tokenvalue, { action: 'chat_clear' });
      expect(res.http, res.body.message).toBe(200);
      expect(await viewer.client.next('cleared')).toEqual({ type: 'cleared' });
      const stored = await t()
        .db.selectFrom('chat_messages')
        .selectAll()
        .where('room', '=', `show:${show.id}`)
        .execute();
      expect(stored.map((m) => [m.deleted_by, m.deleted_at])).toEqual([[staff.user.id, t().clock.now().toISOString()]]);
      const later = await member(show.id);
      expect([later.welcome.history, later.welcome.pinned, later.welcome.deleted]).toEqual([[], null, [message.id]]);
      const log = await t().get<ModerationAction>('/api/staff/chat/moderation', { token: staff.user.tokenvalue });
      expect(log.body.data[0]).toMatchObject({
        action: 'clear',
        staffId: staff.user.id,
        room: show.id,
        detail: '1 messages',
      });
    });

    it('sends a console announcement to the room as a message of kind announcement, kept in the history', async () => {
      const show = await liveShow();
      const viewer = await member(show.id);
      const staff = await member(show.id, 'staff');
      const res = await consoleAct(show.id, staff.user.tokenvalue, { action: 'chat_announce', text: 'Giveaway at 8!' });
      expect(res.http, res.body.message).toBe(200);
      const { message } = await viewer.client.next('message');
      expect(message).toMatchObject({
        text: 'Giveaway at 8!',
        isStaff: true,
        userId: staff.user.id,
        kind: 'announcement',
      });
      const later = await member(show.id);
      expect(later.welcome.history).toEqual([expect.objectContaining({ id: message.id, kind: 'announcement' })]);
      viewer.client.send({ type: 'message', text: 'Yay' });
      expect((await staff.client.next('message', (m) => m.message.text === 'Yay')).message.kind).toBeUndefined();
      const log = await t().get<ModerationAction>('/api/staff/chat/moderation', { token: staff.user.tokenvalue });
      expect(log.body.data[0]).toMatchObject({ action: 'announce', messageId: message.id, detail: 'Giveaway at 8!' });
    });

    it('pauses a room from the console: viewers are refused with the paused notice, staff still post, joiners learn it', async () => {
      const show = await liveShow();
      const viewer = await member(show.id);
      const staff = await member(show.id, 'staff');
      expect(viewer.welcome.room.paused).toBe(false);
      expect((await consoleAct(show.id, staff.user.tokenvalue, { action: 'chat_pause', paused: true })).http).toBe(200);
      expect(await viewer.client.next('room')).toEqual({
        type: 'room',
        slowModeSeconds: 0,
        isOpen: true,
        paused: true,
      });
      viewer.client.send({ type: 'message', text: 'Hello?', clientId: 'c1' });
      expect(await viewer.client.next('notice')).toEqual({
        type: 'notice',
        code: 'paused',
        message: 'The host has paused chat for a moment. You can still read it.',
        clientId: 'c1',
      });
      staff.client.send({ type: 'message', text: 'Back in a minute' });
      await viewer.client.next('message', (m) => m.message.text === 'Back in a minute');
      const joiner = await member(show.id);
      expect(joiner.welcome.room.paused).toBe(true);
      const info = await t().get<ChatInfo>('/api/weavyinfo', { token: viewer.user.tokenvalue });
      expect(info.body.data[0]?.rooms.find((r) => r.room === show.id)?.paused).toBe(true);
      expect((await consoleAct(show.id, staff.user.tokenvalue, { action: 'chat_pause', paused: false })).http).toBe(
        200,
      );
      await viewer.client.next('room', (f) => f.paused === false);
      viewer.client.send({ type: 'message', text: 'Hello again' });
      await staff.client.next('message', (m) => m.message.text === 'Hello again');
      const stored = await t()
        .db.selectFrom('chat_messages')
        .select('text')
        .where('room', '=', `show:${show.id}`)
        .execute();
      expect(stored.map((m) => m.text)).toEqual(['Back in a minute', 'Hello again']);
    });

    it('keeps a show room open a day after the show, then read-only', async () => {
      const ended = await t().createEvent({
        cust_start: new Date(t().clock.now().getTime() - 26 * 60 * MINUTE).toISOString(),
        cust_end: new Date(t().clock.now().getTime() - 25 * 60 * MINUTE).toISOString(),
      });
      const upcoming = await t().createEvent();
      const before = await member(upcoming.id);
      expect(before.welcome.room.isOpen).toBe(true);
      const after = await member(ended.id);
      expect(after.welcome.room.isOpen).toBe(false);
      after.client.send({ type: 'message', text: 'hello?' });
      expect(await after.client.next('notice')).toMatchObject({
        code: 'room_closed',
        message: "This show's chat has closed. You can still read it.",
      });
    });

    it('catches a returning client up from its last seen id, without duplicates, dropping what staff deleted', async () => {
      const a = await member();
      const b = await member();
      const staff = await member('lobby', 'staff');
      b.client.send({ type: 'message', text: 'one' });
      const one = (await a.client.next('message')).message;
      await a.client.close();
      b.client.send({ type: 'message', text: 'two' });
      b.client.send({ type: 'message', text: 'three' });
      await b.client.next('message', (m) => m.message.text === 'three');
      staff.client.send({ type: 'delete', id: one.id });
      await b.client.next('deleted');
      const back = await open();
      const welcome = await back.join(await tokenFor(t(), a.user.tokenvalue), 'lobby', one.id);
      expect([welcome.reset, welcome.history.map((m) => m.text), welcome.deleted]).toEqual([
        false,
        ['two', 'three'],
        [one.id],
      ]);
    });

    it('resets a client that missed more than the room keeps', async () => {
      const viewer = await t().createViewer();
      for (let i = 1; i <= CHAT_LIMITS.keepSize + 5; i++) {
        await t()
          .db.insertInto('chat_messages')
          .values({
            room: 'lobby',
            event_id: null,
            user_id: viewer.id,
            text: `n${i}`,
            created_at: t().clock.now().toISOString(),
          })
          .execute();
      }
      const client = await open();
      const welcome = await client.join(await tokenFor(t(), viewer.tokenvalue), 'lobby', 2);
      expect([welcome.reset, welcome.history.length, welcome.history.at(-1)?.text]).toEqual([
        true,
        50,
        `n${CHAT_LIMITS.keepSize + 5}`,
      ]);
    });

    it('relays reactions to the room and refuses unknown ones', async () => {
      const a = await member();
      const b = await member();
      a.client.send({ type: 'reaction', reaction: 'heart' });
      expect(await b.client.next('reaction')).toEqual({ type: 'reaction', reaction: 'heart' });
      a.client.send({ type: 'reaction', reaction: 'rose' } as never);
      expect((await a.client.next('error')).code).toBe('bad_frame');
    });
  },
  {},
);

describeEachEngine('chat liveness', (t) => {
  it('drops a socket that stops answering pings, and one that never joins', async () => {
    // A second app on the same database, with short chat timings. The silent socket never joins
    // either: the join timeout is far longer than two missed pings, so on a busy machine it is
    // still the pings, not the join timeout, that drop it.
    const app = await buildApp(t().config, {
      clock: t().clock,
      database: { db: t().db, dialect: t().engine, close: async () => undefined },
      chat: { pingIntervalMs: 100, joinTimeoutMs: 2_000 },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
      const silent = await connectChat(base, { autoPong: false });
      const idle = await connectChat(base);
      expect((await idle.closed).code).toBe(4401);
      expect((await silent.closed).code).toBe(1006);
    } finally {
      await app.close();
    }
  });
});
