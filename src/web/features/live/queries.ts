// Data for the live screens: what the player plays (eventstream_v1), the presence calls
// (iamatlive_v1 check-in, userlivelog watch log) and the Agora token.
// Light field checks instead of the schema library keep the viewer's download small.
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contract/envelope';
import type { Presence, RtcToken, Stream } from '../../../shared/contract/live';
import { anyEnvelope, apiCall, recordOf, type AnswerParser } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';

/** The answer's records all pass `check`, or the answer is refused as malformed. */
function answerOf<T>(check: (value: unknown) => value is T): AnswerParser<Envelope<T>> {
  return {
    safeParse: (body) => {
      const parsed = anyEnvelope.safeParse(body);
      if (!parsed.success) return parsed;
      const { data, ...envelope } = parsed.data;
      return data.every(check) ? { success: true, data: { ...envelope, data } } : { success: false };
    },
  };
}

const has = (fields: Map<string, unknown>, kind: 'string' | 'integer', keys: string[]) =>
  keys.every((key) => (kind === 'string' ? typeof fields.get(key) === 'string' : Number.isInteger(fields.get(key))));

export function isStream(value: unknown): value is Stream {
  const fields = fieldsOf(value);
  return fields !== null && has(fields, 'integer', ['eventid']) && has(fields, 'string', ['platform', 'source']) && ['live', 'replay'].includes(String(fields.get('kind')));
}

export function isPresence(value: unknown): value is Presence {
  const fields = fieldsOf(value);
  return fields !== null && has(fields, 'integer', ['eventid', 'viewers', 'watched_seconds']);
}

export function isRtcToken(value: unknown): value is RtcToken {
  const fields = fieldsOf(value);
  return fields !== null && has(fields, 'integer', ['uid']) && has(fields, 'string', ['token', 'appId', 'channel', 'expiresAt']);
}

const presenceAnswer = answerOf(isPresence);

export const liveKeys = {
  all: ['live'] as const,
  stream: (eventId: number) => [...liveKeys.all, 'stream', eventId] as const,
  rtcToken: () => [...liveKeys.all, 'rtc-token'] as const,
  staffShows: () => [...liveKeys.all, 'staff-shows'] as const,
};

/** The live stream (viewers) or the replay (anyone) of an event. */
export function streamQuery(eventId: number) {
  return queryOptions({
    queryKey: liveKeys.stream(eventId),
    queryFn: async ({ signal }) => recordOf(await apiCall('/api/eventstream_v1', { query: { eventid: String(eventId) }, schema: answerOf(isStream), signal })),
    // Staff may switch a show's stream while it is on air; a minute later viewers follow.
    staleTime: 60_000,
  });
}

/** The Agora audience token; a 503 (Agora not configured) or 404 (nothing on Agora) is final. */
export const rtcTokenQuery = queryOptions({
  queryKey: liveKeys.rtcToken(),
  queryFn: async ({ signal }) => recordOf(await apiCall('/api/rtctokngenerator_v2', { schema: answerOf(isRtcToken), signal })),
  retry: false,
  staleTime: 30 * 60_000,
});

type PresenceOptions = { eventId: number; reachby: string; signal?: AbortSignal; keepalive?: boolean };

export async function checkIn({ eventId, reachby, signal }: PresenceOptions): Promise<Presence> {
  return recordOf(await apiCall('/api/iamatlive_v1', { query: { eventid: String(eventId), reachby }, schema: presenceAnswer, signal }));
}

export async function logWatch(step: 'start' | 'heartbeat' | 'stop', { eventId, reachby, signal, keepalive }: PresenceOptions): Promise<Presence> {
  return recordOf(await apiCall('/api/userlivelog', { query: { eventid: String(eventId), watch_stream: step, reachby }, schema: presenceAnswer, signal, keepalive }));
}
