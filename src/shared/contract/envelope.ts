// The response envelope of spec §3 and §8: every JSON answer is { status, statusCode, message,
// data, tzdiff? } with data always an array. Status 1 success, 0/2 error, -1 bad request.
import { z } from 'zod';

export { STATUS } from './status';

export const FieldIssue = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;

export function envelopeOf<T extends z.ZodType>(record: T) {
  return z.object({
    status: z.number().int(),
    statusCode: z.number().int(),
    message: z.string(),
    data: z.array(record),
    tzdiff: z.string().optional(),
  });
}

export const ErrorEnvelope = envelopeOf(
  z.union([FieldIssue, z.object({ retryAfterSeconds: z.number() }), z.unknown()]),
);
export type Envelope<T> = {
  status: number;
  statusCode: number;
  message: string;
  data: T[];
  tzdiff?: string;
};
