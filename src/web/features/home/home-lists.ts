// The event lists the home page shows. The route fetches them while the page's code loads and
// waits for them a little, so the page appears with its lists in place instead of moving when
// they arrive; a slow answer does not hold the page back longer than that.
import type { QueryClient } from '@tanstack/react-query';
import { eventListQuery } from '../events/queries';

export const HOME_LISTS = {
  liveShow: eventListQuery('show', 'live', 1),
  upcomingShows: eventListQuery('show', 'upcoming', 6),
  upcomingSpecials: eventListQuery('specialshow', 'upcoming', 3),
  openGiveaways: eventListQuery('giveaway', 'live', 3),
  pastShows: eventListQuery('show', 'past', 3),
};

const LONGEST_WAIT_MS = 1500;

export async function loadHomeLists(queryClient: QueryClient): Promise<null> {
  const lists = Promise.all(Object.values(HOME_LISTS).map((list) => queryClient.prefetchQuery(list)));
  await Promise.race([lists, new Promise((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
  return null;
}
