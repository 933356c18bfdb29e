// "Not in the future" is judged by the server's injected clock (the shared schema's check uses
// the browser's clock and only helps forms); dates are calendar days in Los Angeles.
import { laDay } from '../../shared/time';
import type { Clock } from '../platform/clock';
import { badRequest } from './errors';

const FUTURE = 'That date is in the future.';

export function assertNotFuture(clock: Clock, dates: Record<string, string | undefined>): void {
  const today = laDay(clock.now());
  const issues = Object.entries(dates)
    .filter(([, value]) => value !== undefined && value !== '' && value > today)
    .map(([field]) => ({ field, message: FUTURE }));
  if (issues.length) throw badRequest(FUTURE, issues);
}
