// Chat mentions (decision 070): a message with @ and a viewer's chat name tells that viewer. The hot
// path only looks for an @ and queues the stored message; the queue is recorded about once a second,
// all of it in one transaction, after the message has gone out to the room.
import type { AppContext } from '../../context';
import { notify } from '../notifications/notifications.service';
import { chatRepository } from './chat.repository';
import { displayName } from './chat.service';

/** One mention notice per viewer, room and this many minutes: the notice's subject is the bucket. */
export const MENTION_BUCKET_MS = 5 * 60_000;
/** How often the queue is recorded. */
export const MENTION_FLUSH_MS = 1_000;
/** A mention names someone among the authors of this many of the room's latest messages. */
const CONVERSATION = 500;
/** The message as the notice quotes it, at most this many characters. */
const QUOTE_CHARS = 140;

/** A stored message that may mention someone. */
export type MentionCandidate = {
  messageId: number;
  roomKey: string;
  eventId: number | null;
  roomTitle: string;
  authorId: number;
  authorName: string;
  text: string;
  at: string;
};

/** What a 'chat_mention' notice carries for its e-mail and push. */
export type MentionNoticeData = { author: string; text: string; room_title: string; event_id: number | null };

/** The hot path's test: costs one scan of the text. */
export const mayMention = (text: string) => text.includes('@');

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * The names of `names` (lower-cased) the text mentions: right after an @, whole (not followed by a
 * letter or digit), case-insensitive. The longest name at an @ wins, so '@Amber K.' is not '@Amber'.
 */
export function mentionedNames(text: string, names: readonly string[]): Set<string> {
  const found = new Set<string>();
  const lower = text.toLowerCase();
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  for (let at = lower.indexOf('@'); at >= 0; at = lower.indexOf('@', at + 1)) {
    const name = longestFirst.find((candidate) => {
      if (!candidate || !lower.startsWith(candidate, at + 1)) return false;
      const next = lower.charAt(at + 1 + candidate.length);
      return !next || !WORD_CHAR.test(next) || !WORD_CHAR.test(candidate.charAt(candidate.length - 1));
    });
    if (name) found.add(name);
  }
  return found;
}

const quote = (text: string) => {
  const chars = [...text];
  return chars.length > QUOTE_CHARS ? `${chars.slice(0, QUOTE_CHARS - 1).join('')}…` : text;
};

type MentionContext = Pick<AppContext, 'db' | 'clock'> & { config: Pick<AppContext['config'], 'publicUrl'> };

/**
 * Records the mention notices of a batch in one transaction. Skipped: a message staff deleted
 * meanwhile, an author muted or banned now, the author themself, a viewer who hid the author, and a
 * name nobody in the conversation has. Answers how many notices were new.
 */
export async function recordMentions(ctx: MentionContext, batch: readonly MentionCandidate[]): Promise<number> {
  if (!batch.length) return 0;
  const { db } = ctx;
  const shown = new Map(
    (
      await chatRepository.shownMessages(
        db,
        batch.map((c) => c.messageId),
        ctx.clock.now().toISOString(),
      )
    ).map((row) => [row.id, Boolean(row.sanctioned)]),
  );
  const live = batch.filter((c) => shown.get(c.messageId) === false);
  if (!live.length) return 0;
  const hidden = new Set(
    (await chatRepository.hiddenAuthors(db, [...new Set(live.map((c) => c.authorId))])).map(
      (row) => `${row.viewer_id}:${row.hidden_user_id}`,
    ),
  );
  const namesByRoom = new Map<string, Map<string, number[]>>();
  for (const roomKey of new Set(live.map((c) => c.roomKey))) {
    const byName = new Map<string, number[]>();
    for (const author of await chatRepository.roomAuthors(db, roomKey, CONVERSATION)) {
      const name = displayName(author).toLowerCase();
      byName.set(name, [...(byName.get(name) ?? []), author.id]);
    }
    namesByRoom.set(roomKey, byName);
  }
  return db.transaction().execute(async (trx) => {
    let added = 0;
    for (const message of live) {
      const byName = namesByRoom.get(message.roomKey) ?? new Map<string, number[]>();
      const userIds = [...mentionedNames(message.text, [...byName.keys()])]
        .flatMap((name) => byName.get(name) ?? [])
        .filter((id) => id !== message.authorId && !hidden.has(`${id}:${message.authorId}`));
      if (!userIds.length) continue;
      const at = new Date(message.at);
      const data: MentionNoticeData = {
        author: message.authorName,
        text: quote(message.text),
        room_title: message.roomTitle,
        event_id: message.eventId,
      };
      added += await notify(trx, {
        userIds,
        kind: 'chat_mention',
        subject: `chat:${message.roomKey}:${Math.floor(at.getTime() / MENTION_BUCKET_MS)}`,
        title: `${message.authorName} mentioned you in chat`,
        body: `In "${message.roomTitle}": ${data.text}`,
        url: `${ctx.config.publicUrl}/live`,
        data,
        at,
      });
    }
    return added;
  });
}

/**
 * The queue between the chat socket and recordMentions: `add` is all the hot path does. `stop`
 * records what is left (call it before the database closes).
 */
export function createMentionRecorder(
  ctx: MentionContext & Pick<AppContext, 'log'>,
  flushMs: number = MENTION_FLUSH_MS,
) {
  let queue: MentionCandidate[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    timer = null;
    const batch = queue;
    queue = [];
    running = running.then(() =>
      recordMentions(ctx, batch).then(
        () => undefined,
        (error: unknown) => ctx.log.error({ err: error }, 'chat mentions failed'),
      ),
    );
    return running;
  }

  return {
    add(candidate: MentionCandidate) {
      queue.push(candidate);
      if (timer) return;
      timer = setTimeout(() => void flush(), flushMs);
      timer.unref();
    },
    /** Records the queue now (tests; and the stop). */
    flush,
    async stop() {
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}

export type MentionRecorder = ReturnType<typeof createMentionRecorder>;
