// Errors a service throws to answer with the envelope: an HTTP status, the envelope status and
// a message the user can read. The app's one error handler turns them into responses.
import { STATUS } from '../../shared/contract/envelope';
import { MESSAGES } from '../../shared/messages';

export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly status: number = STATUS.error,
    readonly data: unknown[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown[] = []) =>
  new AppError(400, message, STATUS.badRequest, data);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, STATUS.error, [{ retryAfterSeconds }], { 'retry-after': String(retryAfterSeconds) });
export const unavailable = (message: string) => new AppError(503, message);
