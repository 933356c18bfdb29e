// getnotification, setnotification and the unsubscribe link's calls (decision 068): the viewer's
// in-app list, read marks and preference grid, and what a signed link may change without a login.
import {
  CHANNEL_LABELS,
  channelsOf,
  defaultEnabled,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  isNotificationKind,
} from '../../../shared/notification-kinds';
import type {
  GetNotificationQuery,
  NotificationInbox,
  NotificationItem,
  NotificationState,
  PreferenceCell,
  PreferenceChange,
  SetNotificationBody,
  UnsubscribeView,
} from '../../../shared/contract/notifications';
import { NOTIFICATION_MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { inboxRepository as repo, type PreferenceRow } from './inbox.repository';
import { withdrawSubscriptions, type RequestOrigin } from '../subscriptions/show-alerts';
import { readUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token';

/** How an unsubscribe came: the e-mail client's one-click POST, or the link's page. */
export type UnsubscribeOrigin = RequestOrigin & { how: 'one-click' | 'link' };

type ParsedQuery = { cursor?: number; limit: number };
type ParsedSetBody =
  | { action: 'read'; ids: number[] }
  | { action: 'read_all' }
  | { action: 'preferences'; preferences: PreferenceChange[] };

/** Every kind × channel it uses, in the kinds' order: a stored choice, else the default; locked cells on. */
export function preferenceGrid(rows: PreferenceRow[]): PreferenceCell[] {
  const stored = new Map(rows.map((row) => [`${row.kind}:${row.channel}`, row.enabled === 1]));
  return NOTIFICATION_KIND_NAMES.flatMap((kind) =>
    channelsOf(kind).map((channel) => {
      const locked = NOTIFICATION_KINDS[kind].locked;
      return {
        kind,
        channel,
        enabled: locked || (stored.get(`${kind}:${channel}`) ?? defaultEnabled(kind, channel)),
        locked,
      };
    }),
  );
}

/** The first change that may not be made (a locked cell, or a channel the kind does not use), as a 400. */
function refuseChanges(changes: PreferenceChange[]): void {
  changes.forEach((change, index) => {
    const { label, locked } = NOTIFICATION_KINDS[change.kind];
    const field = `preferences.${index}`;
    if (locked) throw badRequest(NOTIFICATION_MESSAGES.lockedCell(label), [{ field, message: 'locked' }]);
    if (!channelsOf(change.kind).includes(change.channel)) {
      const message = NOTIFICATION_MESSAGES.unusedChannel(label, CHANNEL_LABELS[change.channel].toLowerCase());
      throw badRequest(message, [{ field, message }]);
    }
  });
}

/**
 * A notification's link as the in-app list gives it: features record the site's full address for
 * e-mail (https://gemcast.example/live); the list answers the path (/live), so it opens in the app
 * whatever host the page was loaded from. Other addresses stay as they are.
 */
export function sitePath(url: string | null, publicUrl: string): string | null {
  if (!url) return null;
  const site = publicUrl.replace(/\/+$/, '');
  if (url === site) return '/';
  return url.startsWith(`${site}/`) ? url.slice(site.length) : url;
}

/** j•••@example.com: enough to recognise one's own address, not enough to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export function createInboxService(ctx: AppContext, onUnreadChange: (userId: number) => void) {
  const { db } = ctx;
  const nowIso = () => ctx.clock.now().toISOString();

  async function state(userId: number): Promise<NotificationState> {
    const [unread, rows] = await Promise.all([repo.unreadCount(db, userId), repo.preferences(db, userId)]);
    return { unread, preferences: preferenceGrid(rows) };
  }

  async function inbox(userId: number, query: GetNotificationQuery): Promise<NotificationInbox> {
    const { cursor, limit } = query as ParsedQuery;
    const rows = await repo.page(db, userId, cursor, limit);
    const page = rows.slice(0, limit);
    const items: NotificationItem[] = page.flatMap((row) =>
      isNotificationKind(row.kind) ? [{ ...row, kind: row.kind, url: sitePath(row.url, ctx.config.publicUrl) }] : [],
    );
    const next = rows.length > limit ? (page.at(-1)?.id ?? null) : null;
    return { items, next_cursor: next, ...(await state(userId)) };
  }

  /** Answers the new state and which message goes with it. */
  async function set(userId: number, input: SetNotificationBody): Promise<NotificationState> {
    const body = input as ParsedSetBody;
    if (body.action === 'read') {
      await repo.markRead(db, userId, body.ids, nowIso());
      onUnreadChange(userId);
    } else if (body.action === 'read_all') {
      await repo.markAllRead(db, userId, nowIso());
      onUnreadChange(userId);
    } else {
      refuseChanges(body.preferences);
      await repo.upsertPreferences(
        db,
        userId,
        body.preferences.map((change) => ({
          kind: change.kind,
          channel: change.channel,
          enabled: change.enabled ? 1 : 0,
        })),
        nowIso(),
      );
    }
    return state(userId);
  }

  function targetOf(token: string): UnsubscribeTarget {
    const target = readUnsubscribeToken(ctx.config.appSecret, token);
    if (!target)
      throw badRequest(NOTIFICATION_MESSAGES.unsubscribeLinkInvalid, [{ field: 'token', message: 'invalid' }]);
    return target;
  }

  async function viewOf(target: UnsubscribeTarget): Promise<UnsubscribeView> {
    if (target.type === 'viewer') {
      const user = await repo.userEmail(db, target.userId);
      if (!user) throw notFound(NOTIFICATION_MESSAGES.unsubscribeLinkGone);
      const grid = preferenceGrid(await repo.preferences(db, target.userId));
      const email = grid.filter((cell) => cell.channel === 'email');
      const own = email.find((cell) => cell.kind === target.kind);
      return { email: maskEmail(user.email), kind: target.kind, preferences: email, subscribed: own?.enabled ?? false };
    }
    const subscriber = await repo.subscriberEmail(db, target.subscriberId);
    if (!subscriber) throw notFound(NOTIFICATION_MESSAGES.unsubscribeLinkGone);
    return {
      email: maskEmail(subscriber.email),
      kind: null,
      preferences: [],
      subscribed: await repo.isSubscribed(db, target.subscriberId, target.purpose),
    };
  }

  async function turnOff(target: UnsubscribeTarget, origin: UnsubscribeOrigin): Promise<void> {
    if (target.type === 'viewer') {
      refuseChanges([{ kind: target.kind, channel: 'email', enabled: false }]);
      await repo.upsertPreferences(db, target.userId, [{ kind: target.kind, channel: 'email', enabled: 0 }], nowIso());
      return;
    }
    // Cancelled with its consent record (decision 072): the withdrawal, how it came and from where.
    const { how, ...from } = origin;
    await db
      .transaction()
      .execute((trx) => withdrawSubscriptions(trx, target.subscriberId, target.purpose, ctx.clock.now(), how, from));
  }

  return {
    inbox,
    set,
    unreadCount: (userId: number) => repo.unreadCount(db, userId),

    unsubscribeView: async (token: string) => viewOf(targetOf(token)),

    /**
     * The link's own kind (or subscription) off, or the given e-mail cells set. Checked before
     * anything is written, and the recipient must still exist: a bad link changes nothing.
     */
    async unsubscribe(
      token: string,
      origin: UnsubscribeOrigin,
      changes?: PreferenceChange[],
    ): Promise<{ view: UnsubscribeView; message: string }> {
      const target = targetOf(token);
      await viewOf(target);
      if (!changes) {
        await turnOff(target, origin);
        return { view: await viewOf(target), message: NOTIFICATION_MESSAGES.unsubscribed };
      }
      if (target.type === 'subscriber') throw badRequest(NOTIFICATION_MESSAGES.unsubscribeNoGrid);
      changes.forEach((change, index) => {
        if (change.channel !== 'email')
          throw badRequest(NOTIFICATION_MESSAGES.unsubscribeEmailOnly, [
            { field: `preferences.${index}`, message: 'email only' },
          ]);
      });
      refuseChanges(changes);
      if (changes.length)
        await repo.upsertPreferences(
          db,
          target.userId,
          changes.map((change) => ({ kind: change.kind, channel: 'email', enabled: change.enabled ? 1 : 0 })),
          nowIso(),
        );
      return { view: await viewOf(target), message: NOTIFICATION_MESSAGES.unsubscribeSaved };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
