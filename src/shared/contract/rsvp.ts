// RSVP calls (spec §7): rsvpdata_v1 records one RSVP per viewer per event (type forced to
// 'new'); checkifrsvpenroll_v1 answers data[0].exists. liveevent_v1 returns the live event.
import { z } from 'zod';
import { envelopeOf } from './envelope';

const eventId = z.coerce.number({ error: 'eventid is a number.' }).int().positive('eventid is a number.');

export const RsvpRequest = z.object({ eventid: eventId });
export type RsvpRequest = z.input<typeof RsvpRequest>;

export const RsvpCheckQuery = z.object({ eventid: eventId, type: z.string().max(20).optional() });

export const Rsvp = z.object({ exists: z.boolean(), eventid: z.number().int(), rsvp_type: z.string(), created_at: z.string() });
export type Rsvp = z.infer<typeof Rsvp>;
export const RsvpResponse = envelopeOf(Rsvp);

export const RsvpCheck = z.object({ exists: z.boolean() });
export const RsvpCheckResponse = envelopeOf(RsvpCheck);

export const LiveEventQuery = z.object({ type: z.enum(['show', 'giveaway'], { error: 'type is show or giveaway.' }) });
