// RSVP calls (spec §7): rsvpdata_v1 records one RSVP per viewer per event (type forced to
// 'new'); checkifrsvpenroll_v1 answers data[0].exists.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { bodyId, queryId } from './ids';

export const RsvpRequest = z.object({ eventid: bodyId('eventid') });
export type RsvpRequest = z.input<typeof RsvpRequest>;

export const RsvpCheckQuery = z.object({ eventid: queryId('eventid'), type: z.string().max(20).optional() });

export const Rsvp = z.object({
  exists: z.boolean(),
  eventid: z.number().int(),
  rsvp_type: z.string(),
  created_at: z.string(),
});
export type Rsvp = z.infer<typeof Rsvp>;
export const RsvpResponse = envelopeOf(Rsvp);

export const RsvpCheck = z.object({ exists: z.boolean() });
export const RsvpCheckResponse = envelopeOf(RsvpCheck);

export const rsvpCalls = {
  /** rsvpdata_v1 (token): RSVP to a show or special event without questions; 409 when already in. */
  rsvp: defineCall({ method: 'POST', path: '/api/rsvpdata_v1', body: RsvpRequest, response: RsvpResponse }),
  /** checkifrsvpenroll_v1 (token): data[0].exists. */
  check: defineCall({
    method: 'GET',
    path: '/api/checkifrsvpenroll_v1',
    query: RsvpCheckQuery,
    response: RsvpCheckResponse,
  }),
};
