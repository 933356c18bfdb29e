// The public calls a screen makes as soon as it opens, which the server answers inside the page it
// serves for that path, so the first screen needs no round trip for them (decision 034). Only
// calls whose answer is the same for every visitor belong here: the page is the same for all.
import type { EventType, eventsCalls } from './contract/events';

/** A GET of the API with its query parameters. */
export type ApiRead = { path: string; query: Record<string, string> };

export type EventListWhen = 'upcoming' | 'live' | 'past' | 'all';
export type EventList = { type: EventType; on: EventListWhen; limit: number };

const EVENT_LIST_PATH: (typeof eventsCalls.list)['path'] = '/api/eventlist_v1';

/** eventlist_v1 for one list, with its parameters as the web app's eventListQuery sends them. */
export function eventListRead({ type, on, limit }: EventList): ApiRead {
  return { path: EVENT_LIST_PATH, query: { type, on, limit: String(limit) } };
}

/** The event lists the home page shows. */
export const HOME_EVENT_LISTS = {
  liveShow: { type: 'show', on: 'live', limit: 1 },
  upcomingShows: { type: 'show', on: 'upcoming', limit: 6 },
  upcomingSpecials: { type: 'specialshow', on: 'upcoming', limit: 3 },
  openGiveaways: { type: 'giveaway', on: 'live', limit: 3 },
  pastShows: { type: 'show', on: 'past', limit: 3 },
} as const satisfies Record<string, EventList>;

const SITE_CONFIG_READ: ApiRead = { path: '/api/siteconfig', query: {} };

/** The reads the server answers in the page for `pathname`: the site configuration on every page. */
export function firstScreenReads(pathname: string): ApiRead[] {
  if (pathname === '/home') return [SITE_CONFIG_READ, ...Object.values(HOME_EVENT_LISTS).map(eventListRead)];
  return [SITE_CONFIG_READ];
}

/** One key per read, whatever order its parameters were given in. */
export function readKey(path: string, query: Record<string, string | undefined>): string {
  const params = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}

/** The id of the JSON element in the page that holds the answers. */
export const EARLY_ANSWERS_ID = 'gemcast-early-answers';

/** The element that carries the answers: `json` must already be safe inside a script element. */
export function earlyAnswersElement(json: string): string {
  return `<script type="application/json" id="${EARLY_ANSWERS_ID}">${json}</script>`;
}

/** Finds that element in a page's HTML; the first group is its JSON. */
export const EARLY_ANSWERS_ELEMENT = /* @__PURE__ */ new RegExp(earlyAnswersElement('(.*?)'));

/**
 * Marks `#root` while it holds the server's screen: the app removes it in the commit that replaces
 * the markup, so a script (or a journey) can tell a page that works from one that only shows.
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
