// Live presence (spec §7): check-in (iamatlive_v1 GET, iamatlive_v2 POST) with how the viewer
// came (reachby), the watch log (userlivelog: start, heartbeat, stop), the viewer count, the
// Agora token (rtctokngenerator_v2) and staff watch statistics.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId, queryId } from './ids';
import { EventIdParams } from './staff-events';

const eventId = queryId('eventid');
const reachby = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,30}$/, 'reachby is a short word such as web, email, sms or facebook.')
  .default('web');

export const CheckInQuery = z.object({ eventid: eventId, reachby });
export type CheckInQuery = z.input<typeof CheckInQuery>;
/** iamatlive_v2 sends the check-in as JSON: its id is a JSON number. */
export const CheckInRequest = z.object({ eventid: bodyId('eventid'), reachby });

export const WATCH_STEPS = ['start', 'heartbeat', 'stop'] as const;
export const WatchLogQuery = z.object({
  eventid: eventId,
  watch_stream: z.enum(WATCH_STEPS, { error: 'watch_stream is start, heartbeat or stop.' }),
  reachby,
});
export type WatchLogQuery = z.input<typeof WatchLogQuery>;

export const Presence = z.object({
  eventid: z.number().int(),
  viewers: z.number().int(),
  watched_seconds: z.number().int(),
});
export type Presence = z.infer<typeof Presence>;
export const PresenceResponse = envelopeOf(Presence);

export const RtcToken = z.object({
  token: z.string(),
  appId: z.string(),
  channel: z.string(),
  uid: z.number().int(),
  expiresAt: z.string(),
});
export type RtcToken = z.infer<typeof RtcToken>;
export const RtcTokenResponse = envelopeOf(RtcToken);

export const WatchStats = z.object({
  rsvps: z.number().int(),
  checkins: z.number().int(),
  viewers_now: z.number().int(),
  watchers: z.number().int(),
  total_watch_minutes: z.number(),
  average_watch_minutes: z.number(),
  by_reachby: z.array(z.object({ key: z.string(), count: z.number().int() })),
});
export type WatchStats = z.infer<typeof WatchStats>;
export const WatchStatsResponse = envelopeOf(WatchStats);

/**
 * eventstream_v1: what the player plays for an event. While the show is live (viewers only) its
 * stream on its platform; once it has ended (anyone) its replay. An empty source means none is set.
 */
export const StreamQuery = z.object({ eventid: eventId });
export const Stream = z.object({
  eventid: z.number().int(),
  kind: z.enum(['live', 'replay']),
  /** hls, youtube, facebook or agora for a live stream; a replay's platform follows from its address. */
  platform: z.string(),
  /** An .m3u8 address, a YouTube or Facebook address or video id, an Agora channel, or a replay address. */
  source: z.string(),
});
export type Stream = z.infer<typeof Stream>;
export const StreamResponse = envelopeOf(Stream);

export const liveCalls = {
  /** iamatlive_v1 (token): check in to the live show, saying how the viewer came (reachby). */
  checkIn: defineCall({ method: 'GET', path: '/api/iamatlive_v1', query: CheckInQuery, response: PresenceResponse }),
  /** iamatlive_v2 (token): the same check-in with a JSON body. */
  checkInByBody: defineCall({
    method: 'POST',
    path: '/api/iamatlive_v2',
    body: CheckInRequest,
    response: PresenceResponse,
  }),
  /** userlivelog (token): the watch log's start, heartbeat (about every 30 s) and stop; answers the viewer count. */
  log: defineCall({ method: 'GET', path: '/api/userlivelog', query: WatchLogQuery, response: PresenceResponse }),
  /** eventstream_v1: the live stream (viewers) or the replay of an ended show (anyone); decision 010. */
  stream: defineCall({ method: 'GET', path: '/api/eventstream_v1', query: StreamQuery, response: StreamResponse }),
  /** rtctokngenerator_v2 (token): an Agora audience token for the Agora show live now. */
  rtcToken: defineCall({ method: 'GET', path: '/api/rtctokngenerator_v2', response: RtcTokenResponse }),
  /** Staff: RSVPs, check-ins, viewers now and watch minutes of an event. */
  stats: defineCall({
    method: 'GET',
    path: '/api/staff/events/:id/stats',
    params: EventIdParams,
    response: WatchStatsResponse,
  }),
};
