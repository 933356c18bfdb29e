// Live presence (spec §7): check-in (iamatlive_v1 GET, iamatlive_v2 POST) with how the viewer
// came (reachby), the watch log (userlivelog: start, heartbeat, stop), the viewer count, the
// Agora token (rtctokngenerator_v2) and staff watch statistics.
import { z } from 'zod';
import { envelopeOf } from './envelope';

const eventId = z.coerce.number({ error: 'eventid is a number.' }).int().positive('eventid is a number.');
const reachby = z.string().trim().toLowerCase().regex(/^[a-z0-9_-]{1,30}$/, 'reachby is a short word such as web, email, sms or facebook.').default('web');

export const CheckInQuery = z.object({ eventid: eventId, reachby });
export type CheckInQuery = z.input<typeof CheckInQuery>;

export const WATCH_STEPS = ['start', 'heartbeat', 'stop'] as const;
export const WatchLogQuery = z.object({ eventid: eventId, watch_stream: z.enum(WATCH_STEPS, { error: 'watch_stream is start, heartbeat or stop.' }), reachby });
export type WatchLogQuery = z.input<typeof WatchLogQuery>;

export const Presence = z.object({ eventid: z.number().int(), viewers: z.number().int(), watched_seconds: z.number().int() });
export type Presence = z.infer<typeof Presence>;
export const PresenceResponse = envelopeOf(Presence);

export const RtcToken = z.object({ token: z.string(), appId: z.string(), channel: z.string(), uid: z.number().int(), expiresAt: z.string() });
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
