// "Live now" (decision 069): once a show's start has passed, everyone who RSVP'd to it and every
// confirmed show-alert subscriber (every show, or this one) is told once, in the in-app list and by
// e-mail and push as their preferences allow. A subscriber with an account is told as that viewer
// (once, however they asked); the others by e-mail through notifySubscribers. Recipients are written
// a chunk per transaction and each write does nothing for a recipient already told, so a crash, a
// restart or a second process mid-show repeats nothing; the show is marked announced at the end.
// A show first seen more than LATE_AFTER_MS after its start (the server was down) is not announced:
// "live now" half an hour in is noise. The notifications expire when the show ends.
import type { AppContext } from '../../context';
import { showAlertRecipients } from '../subscriptions/show-alerts';
import { notify, notifySubscribers } from './notifications.service';
import { showLiveRepository as repo } from './show-live.repository';

/** A show that started longer ago than this when the job first sees it is not announced. */
export const LATE_AFTER_MS = 15 * 60_000;
export const SHOW_LIVE_INTERVAL_MS = 15_000;
/**
 * How each engine writes the recipients: `size` per transaction, `parallel` transactions at once.
 * - `size`: SQLite writes a chunk in this thread, holding the event loop while every request and
 *   chat frame waits: 2,000 held it 45–66 ms on an idle machine and 68–145 ms at a 5,000-viewer show
 *   start, 250 at most 12 ms (decision 125). PostgreSQL's do not hold it that long.
 * - `parallel`: PostgreSQL writes several from its pool side by side (each chunk is its own
 *   recipients, so they never wait on each other); SQLite has one writer.
 */
export const SHOW_LIVE_CHUNKS = {
  sqlite: { size: 250, parallel: 1 },
  postgres: { size: 2_000, parallel: 4 },
} as const;

/** What a 'show_live' notification carries in its data. */
export type ShowLiveData = {
  event_id: number;
  title: string;
  description: string;
  cust_start: string;
  cust_end: string;
};

type Show = Awaited<ReturnType<typeof repo.dueShows>>[number];

export type ShowLiveRecipients = { userIds: number[]; subscriberIds: number[] };

/** RSVPs and confirmed alert subscribers, a subscriber with an account counted as that viewer. */
export async function showLiveRecipients(db: AppContext['db'], eventId: number): Promise<ShowLiveRecipients> {
  const [rsvps, alerts] = await Promise.all([repo.rsvpUserIds(db, eventId), showAlertRecipients(db, eventId)]);
  return {
    userIds: [...new Set([...rsvps.map((r) => r.user_id), ...alerts.userIds])],
    subscriberIds: alerts.subscriberIds,
  };
}

/** Runs `write` on every chunk of `ids`, `parallel` chunks at a time; the sum of what each answers. */
async function inChunks(
  ids: number[],
  { size, parallel }: { size: number; parallel: number },
  write: (chunk: number[]) => Promise<number>,
) {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  let added = 0;
  const next = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      // Read after the write: `added += await …` would add to a value read before another chunk's.
      const written = await write(chunk);
      added += written;
    }
  };
  await Promise.all(Array.from({ length: parallel }, next));
  return added;
}

async function announce(ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>, show: Show, now: Date): Promise<number> {
  const { db, config } = ctx;
  const chunks = SHOW_LIVE_CHUNKS[ctx.dialect];
  const { userIds, subscriberIds } = await showLiveRecipients(db, show.id);
  const data: ShowLiveData = {
    event_id: show.id,
    title: show.title,
    description: show.description,
    cust_start: show.cust_start,
    cust_end: show.cust_end,
  };
  const message = {
    kind: 'show_live' as const,
    subject: `show:${show.id}`,
    title: `Live now: ${show.title}`,
    body: `"${show.title}" is on air. Come and watch.`,
    url: `${config.publicUrl}/live`,
    data,
    at: now,
    expiresAt: new Date(show.cust_end),
  };
  const added =
    (await inChunks(userIds, chunks, (chunk) =>
      db.transaction().execute((trx) => notify(trx, { ...message, userIds: chunk })),
    )) +
    (await inChunks(subscriberIds, chunks, (chunk) =>
      db.transaction().execute((trx) => notifySubscribers(trx, { ...message, subscriberIds: chunk })),
    ));
  await repo.markAnnounced(db, show.id, now.toISOString());
  return added;
}

/** Announces every show that has just gone on air; answers how many recipients were newly told. */
export async function announceLiveShows(ctx: Pick<AppContext, 'db' | 'dialect' | 'clock' | 'config'>): Promise<number> {
  const now = ctx.clock.now();
  const shows = await repo.dueShows(ctx.db, now.toISOString(), new Date(now.getTime() - LATE_AFTER_MS).toISOString());
  let added = 0;
  for (const show of shows) added += await announce(ctx, show, now);
  return added;
}

/** Runs the job every SHOW_LIVE_INTERVAL_MS; stopping waits for the pass under way. */
export function startShowLive(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = announceLiveShows(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'announcing live shows failed'))
      .finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, SHOW_LIVE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
