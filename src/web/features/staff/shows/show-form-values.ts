// The show form's values and how they become the contract's CreateEventRequest: start and end are
// datetime-local values meaning Los Angeles time, the public flag is a checkbox. The contract's
// own field schemas and checks run on the way, so the form refuses what the server would.
import { z } from 'zod';
import type { EventType } from '../../../../shared/contract/events';
import {
  CreateEventRequest,
  PLATFORMS,
  type Platform,
  type StaffEventRecord,
} from '../../../../shared/contract/staff-events';
import { fromLaInput, LA_INPUT_PATTERN, toLaInput } from './la-time';

const contract = CreateEventRequest.shape;

function laTime(missing: string) {
  return z
    .string()
    .regex(LA_INPUT_PATTERN, { error: missing, abort: true })
    .refine((value) => fromLaInput(value) !== '', 'That day does not exist. Check the date.');
}

export const ShowFormSchema = z
  .object({
    type: contract.type,
    title: contract.title,
    // The form always sends every field: the contract's defaults have nothing to fill in.
    description: contract.description.unwrap(),
    image: contract.image.unwrap(),
    cust_start: laTime('Choose the day and time it starts.'),
    cust_end: laTime('Choose the day and time it ends.'),
    IS_Public: z.boolean(),
    platform: contract.platform.unwrap(),
    stream_url: contract.stream_url.unwrap(),
    replay_url: contract.replay_url.unwrap(),
  })
  .transform((values, ctx) => {
    // The whole contract check, cross-field rules included, with its issues on the form's fields.
    const request = CreateEventRequest.safeParse({
      ...values,
      cust_start: fromLaInput(values.cust_start),
      cust_end: fromLaInput(values.cust_end),
      IS_Public: values.IS_Public ? 1 : 0,
    });
    if (request.success) return request.data;
    for (const issue of request.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

export type ShowFormValues = {
  type: EventType;
  title: string;
  description: string;
  image: string;
  cust_start: string;
  cust_end: string;
  IS_Public: boolean;
  platform: Platform;
  stream_url: string;
  replay_url: string;
};

/** The fields the server may name in a 400's [{ field, message }]. */
export const SHOW_FIELDS = [
  'type',
  'title',
  'description',
  'image',
  'cust_start',
  'cust_end',
  'IS_Public',
  'platform',
  'stream_url',
  'replay_url',
] as const satisfies readonly (keyof ShowFormValues)[];

const HOUR_MS = 3_600_000;

/** A new event: public, on HLS, from the next whole hour for an hour. */
export function newShowValues(type: EventType, now: Date = new Date()): ShowFormValues {
  const start = new Date(Math.ceil((now.getTime() + 1) / HOUR_MS) * HOUR_MS);
  return {
    type,
    title: '',
    description: '',
    image: '',
    cust_start: toLaInput(start.toISOString()),
    cust_end: toLaInput(new Date(start.getTime() + HOUR_MS).toISOString()),
    IS_Public: true,
    platform: 'hls',
    stream_url: '',
    replay_url: '',
  };
}

const isPlatform = (value: string): value is Platform => PLATFORMS.some((platform) => platform === value);

export function showValues(show: StaffEventRecord): ShowFormValues {
  return {
    type: show.type,
    title: show.title,
    description: show.description,
    image: show.image,
    cust_start: toLaInput(show.cust_start),
    cust_end: toLaInput(show.cust_end),
    IS_Public: show.IS_Public === 1,
    platform: isPlatform(show.platform) ? show.platform : 'hls',
    stream_url: show.stream_url,
    replay_url: show.replay_url,
  };
}
