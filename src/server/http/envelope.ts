// Builds the envelope of spec §3. tzdiff carries the current America/Los_Angeles offset.
import type { Envelope } from '../../shared/contract/envelope';
import { STATUS } from '../../shared/contract/envelope';
import { MESSAGES } from '../../shared/messages';
import { laOffset } from '../../shared/time';

export function ok<T>(data: T[] = [], message: string = MESSAGES.ok, now: Date = new Date()): Envelope<T> {
  return { status: STATUS.ok, statusCode: 200, message, data, tzdiff: laOffset(now) };
}

export function fail(
  httpStatus: number,
  message: string,
  status: number = STATUS.error,
  data: unknown[] = [],
): Envelope<unknown> {
  return { status, statusCode: httpStatus, message, data };
}
