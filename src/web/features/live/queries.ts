// Data for the live screens: what the player plays (eventstream_v1), the presence calls
// (iamatlive_v1 check-in, userlivelog watch log) and the Agora token.
// Light field checks instead of the schema library keep the viewer's download small.
import { queryOptions } from '@tanstack/react-query';
import { callRef } from '../../../shared/contract/call';
import type { liveCalls, Presence, RtcToken, Stream } from '../../../shared/contract/live';
import { apiCall, recordOf, recordsOf } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';

const has = (fields: Map<string, unknown>, kind: 'string' | 'integer', keys: string[]) =>
  keys.every((key) => (kind === 'string' ? typeof fields.get(key) === 'string' : Number.isInteger(fields.get(key))));

export function isStream(value: unknown): value is Stream {
  const fields = fieldsOf(value);
  return (
    fields !== null &&
    has(fields, 'integer', ['eventid']) &&
    has(fields, 'string', ['platform', 'source']) &&
    ['live', 'replay'].includes(String(fields.get('kind')))
  );
}

export function isPresence(value: unknown): value is Presence {
  const fields = fieldsOf(value);
  return fields !== null && has(fields, 'integer', ['eventid', 'viewers', 'watched_seconds']);
}

export function isRtcToken(value: unknown): value is RtcToken {
  const fields = fieldsOf(value);
  return (
    fields !== null &&
    has(fields, 'integer', ['uid']) &&
    has(fields, 'string', ['token', 'appId', 'channel', 'expiresAt'])
  );
}

const presenceAnswer = recordsOf(isPresence);

const streamCall = callRef<typeof liveCalls.stream>({
  method: 'GET',
  path: '/api/eventstream_v1',
  response: recordsOf(isStream),
});
const rtcTokenCall = callRef<typeof liveCalls.rtcToken>({
  method: 'GET',
  path: '/api/rtctokngenerator_v2',
  response: recordsOf(isRtcToken),
});
const checkInCall = callRef<typeof liveCalls.checkIn>({
  method: 'GET',
  path: '/api/iamatlive_v1',
  response: presenceAnswer,
});
const watchLogCall = callRef<typeof liveCalls.log>({
  method: 'GET',
  path: '/api/userlivelog',
  response: presenceAnswer,
});

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
    queryFn: async ({ signal }) => recordOf(await apiCall(streamCall, { query: { eventid: eventId }, signal })),
    // Staff may switch a show's stream while it is on air; a minute later viewers follow.
    staleTime: 60_000,
  });
}

/** The Agora audience token; a 503 (Agora not configured) or 404 (nothing on Agora) is final. */
export const rtcTokenQuery = queryOptions({
  queryKey: liveKeys.rtcToken(),
  queryFn: async ({ signal }) => recordOf(await apiCall(rtcTokenCall, { signal })),
  retry: false,
  staleTime: 30 * 60_000,
});

type PresenceOptions = { eventId: number; reachby: string; signal?: AbortSignal; keepalive?: boolean };

export async function checkIn({ eventId, reachby, signal }: PresenceOptions): Promise<Presence> {
  return recordOf(await apiCall(checkInCall, { query: { eventid: eventId, reachby }, signal }));
}

export async function logWatch(
  step: 'start' | 'heartbeat' | 'stop',
  { eventId, reachby, signal, keepalive }: PresenceOptions,
): Promise<Presence> {
  return recordOf(
    await apiCall(watchLogCall, { query: { eventid: eventId, watch_stream: step, reachby }, signal, keepalive }),
  );
}
