// trackEvent: an interaction worth counting (a click on 'Watch live', a giveaway entry). An event
// needs a category and an action (spec §5); it goes to our server and to GA when that is loaded.
import type { TrackEventRequest } from '../../../shared/contract/analytics';
import { analyticsSessionId, analyticsWrites, postAnalytics } from './send';

export type TrackedEvent = Omit<TrackEventRequest, 'session_id'>;

export class AnalyticsEventError extends Error {
  override name = 'AnalyticsEventError';
}

/** Why an event cannot be sent, or null when it can. */
export function eventProblem(event: Partial<TrackedEvent>): string | null {
  if (!event.category?.trim()) return 'An analytics event needs a category.';
  if (!event.action?.trim()) return 'An analytics event needs an action.';
  return null;
}

/** Sends the event; throws AnalyticsEventError at once for one without a category or action. */
export function trackEvent(event: TrackedEvent): Promise<void> {
  const problem = eventProblem(event);
  if (problem) throw new AnalyticsEventError(problem);
  const { category, action, label, value } = event;
  window.gtag?.('event', action, { event_category: category, event_label: label, value });
  return postAnalytics(analyticsWrites.trackEvent, {
    body: { session_id: analyticsSessionId(), category: category.trim(), action: action.trim(), label, value },
  });
}
