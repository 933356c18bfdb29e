// Chat mentions (decision 070): who '@name' reaches, and who it never does (the author, an unknown
// name, a deleted or muted message, a viewer who hid the author), at most one notice per viewer,
// room and five minutes; and end to end through the socket, recorded after the message went out.
import { describe, expect, it } from 'vitest';
import type { ChatToken } from '../../../shared/contract/chat';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { mayMention, MENTION_BUCKET_MS, mentionedNames, recordMentions, type MentionCandidate } from './chat-mentions';
import { chatRepository } from './chat.repository';
import { connectChat } from './chat.test-client';

const MINUTE = 60_000;

describe('finding mentions in a message', () => {
  const names = ['amber', 'amber k.', 'opal_fan', 'jo'];
  it('matches whole names after an @, any case, the longest first', () => {
    expect([...mentionedNames('hi @Amber K. look!', names)]).toEqual(['amber k.']);
    expect([...mentionedNames('@amber and @OPAL_FAN, see this', names)]).toEqual(['amber', 'opal_fan']);
    expect([...mentionedNames('@Amberlynn @joanna amber@example.com', names)]).toEqual([]);
    expect([...mentionedNames('@jo!', names)]).toEqual(['jo']);
  });
  it('looks no further than the @ on the hot path', () => {
    expect(mayMention('no mention here')).toBe(false);
    expect(mayMention('@jo')).toBe(true);
  });
});

describeEachEngine('chat mentions', (t) => {
  const notices = () =>
    t()
      .db.selectFrom('notifications')
      .select(['user_id', 'kind', 'subject', 'title', 'body', 'url'])
      .where('kind', '=', 'chat_mention')
      .orderBy('id')
      .execute();

  async function say(app: TestApp, userId: number, room: string, text: string, eventId: number | null = null) {
    const at = app.clock.now().toISOString();
    const { id } = await chatRepository.insertMessage(app.db, {
      room,
      event_id: eventId,
      user_id: userId,
      text,
      created_at: at,
    });
    return { id, at };
  }

  /** A stored message from `author`, as the socket queues it. */
  let showId = 0;
  const room = () => `show:${showId}`;
  async function candidate(author: { id: number; name: string }, text: string) {
    const { id, at } = await say(t(), author.id, room(), text, showId);
    return {
      messageId: id,
      roomKey: room(),
      eventId: showId,
      roomTitle: 'Opal Hour',
      authorId: author.id,
      authorName: author.name,
      text,
      at,
    } satisfies MentionCandidate;
  }

  async function cast() {
    const amber = await t().createViewer({ nickname: 'Amber K.' });
    const jo = await t().createViewer({ nickname: 'Jo' });
    const opal = await t().createViewer({ nickname: 'OpalFan' });
    showId = (await t().createEvent()).id;
    // Amber and Jo have spoken in the room; OpalFan has not.
    await say(t(), amber.id, room(), 'Hello from LA', showId);
    await say(t(), jo.id, room(), 'Hi all', showId);
    return { amber, jo, opal };
  }

  it('tells the viewer named after @ once, with the show and the quote, linking to /live', async () => {
    const { amber, jo } = await cast();
    const added = await recordMentions(t().app.ctx, [
      await candidate({ id: jo.id, name: 'Jo' }, '@amber k. that ring is yours!'),
    ]);
    expect(added).toBe(1);
    const bucket = Math.floor(t().clock.now().getTime() / MENTION_BUCKET_MS);
    expect(await notices()).toEqual([
      {
        user_id: amber.id,
        kind: 'chat_mention',
        subject: `chat:show:${showId}:${bucket}`,
        title: 'Jo mentioned you in chat',
        body: 'In "Opal Hour": @amber k. that ring is yours!',
        url: `${t().config.publicUrl}/live`,
      },
    ]);
  });

  it('never tells the author of their own mention, nor a name nobody in the conversation has', async () => {
    const { amber } = await cast();
    const added = await recordMentions(t().app.ctx, [
      await candidate({ id: amber.id, name: 'Amber K.' }, '@Amber K. talking to myself'),
      await candidate({ id: amber.id, name: 'Amber K.' }, '@OpalFan @Nobody are you here?'),
    ]);
    expect(added).toBe(0);
    expect(await notices()).toEqual([]);
  });

  it('says nothing for a message deleted meanwhile, from an author muted since, or to a viewer who hid the author', async () => {
    const { amber, jo, opal } = await cast();
    await say(t(), opal.id, room(), 'hello', showId);
    const deleted = await candidate({ id: jo.id, name: 'Jo' }, '@Amber K. gone soon');
    await chatRepository.markDeleted(t().db, deleted.messageId, amber.id, t().clock.now().toISOString());
    expect(await recordMentions(t().app.ctx, [deleted])).toBe(0);

    const fromMuted = await candidate({ id: opal.id, name: 'OpalFan' }, '@Jo hey');
    await t()
      .db.insertInto('chat_sanctions')
      .values({
        user_id: opal.id,
        kind: 'mute',
        until: new Date(t().clock.now().getTime() + 10 * MINUTE).toISOString(),
        created_by: amber.id,
        created_at: t().clock.now().toISOString(),
        lifted_at: null,
        lifted_by: null,
        room: room(),
      })
      .execute();
    expect(await recordMentions(t().app.ctx, [fromMuted])).toBe(0);

    await t()
      .db.insertInto('chat_hidden_users')
      .values({ viewer_id: amber.id, hidden_user_id: jo.id, created_at: t().clock.now().toISOString() })
      .execute();
    expect(await recordMentions(t().app.ctx, [await candidate({ id: jo.id, name: 'Jo' }, '@Amber K. psst')])).toBe(0);
    expect(await notices()).toEqual([]);
  });

  it('tells a viewer at most once per room and five minutes, and again after', async () => {
    const { amber, jo, opal } = await cast();
    await say(t(), opal.id, room(), 'hello', showId);
    const first = await candidate({ id: jo.id, name: 'Jo' }, '@Amber K. one');
    t().clock.advance(MINUTE);
    const second = await candidate({ id: opal.id, name: 'OpalFan' }, '@Amber K. two');
    expect(await recordMentions(t().app.ctx, [first, second])).toBe(1);
    t().clock.advance(MENTION_BUCKET_MS);
    expect(await recordMentions(t().app.ctx, [await candidate({ id: jo.id, name: 'Jo' }, '@Amber K. three')])).toBe(1);
    expect((await notices()).map((n) => [n.user_id, n.title])).toEqual([
      [amber.id, 'Jo mentioned you in chat'],
      [amber.id, 'Jo mentioned you in chat'],
    ]);
  });

  it('records the mention of a message sent through the socket, after the room has it', async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const show = await t().createEvent({ cust_start: new Date(t().clock.now().getTime() - MINUTE).toISOString() });
    const amber = await t().createViewer({ nickname: 'Amber K.' });
    const jo = await t().createViewer({ nickname: 'Jo' });
    const tokenOf = async (userToken: string) =>
      (await t().get<ChatToken>('/api/weavy/token', { token: userToken })).body.data[0]?.token ?? '';
    const [a, j] = [await connectChat(base), await connectChat(base)];
    try {
      await a.join(await tokenOf(amber.tokenvalue), show.id);
      await j.join(await tokenOf(jo.tokenvalue), show.id);
      a.send({ type: 'message', text: 'Evening all' });
      await j.next('message');
      j.send({ type: 'message', text: '@Amber K. did you see that opal?' });
      await a.next('message', (f) => f.message.text.startsWith('@Amber'));
      // Nothing is recorded on the message's own path; the batch follows within about a second.
      for (let tries = 0; tries < 50 && !(await notices()).length; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await notices()).map((n) => [n.user_id, n.title, n.body])).toEqual([
        [amber.id, 'Jo mentioned you in chat', 'In "Opal Hour": @Amber K. did you see that opal?'],
      ]);
    } finally {
      await Promise.all([a.close(), j.close()]);
    }
  });
});
