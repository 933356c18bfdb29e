// The event lists the home page shows; the route starts fetching them while the page's code loads.
import type { QueryClient } from '@tanstack/react-query';
import { eventListQuery } from '../events/queries';

export const HOME_LISTS = {
  liveShow: eventListQuery('show', 'live', 1),
  upcomingShows: eventListQuery('show', 'upcoming', 6),
  openGiveaways: eventListQuery('giveaway', 'live', 3),
  pastShows: eventListQuery('show', 'past', 3),
};

export function prefetchHomeLists(queryClient: QueryClient): void {
  for (const list of Object.values(HOME_LISTS)) void queryClient.prefetchQuery(list);
}
