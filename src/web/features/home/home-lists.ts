// The event lists the home page shows. The route fetches them while the page's code loads and
// waits for them a little, so the page appears with its lists in place instead of moving when
// they arrive; a slow answer does not hold the page back longer than that.
import type { QueryClient } from '@tanstack/react-query';
import { HOME_EVENT_LISTS, type EventList } from '../../../shared/first-screen';
import { eventListQuery } from '../events/queries';

const listQuery = ({ type, on, limit }: EventList) => eventListQuery(type, on, limit);

export const HOME_LISTS = {
  liveShow: listQuery(HOME_EVENT_LISTS.liveShow),
  upcomingShows: listQuery(HOME_EVENT_LISTS.upcomingShows),
  upcomingSpecials: listQuery(HOME_EVENT_LISTS.upcomingSpecials),
  openGiveaways: listQuery(HOME_EVENT_LISTS.openGiveaways),
  pastShows: listQuery(HOME_EVENT_LISTS.pastShows),
};

const LONGEST_WAIT_MS = 1500;

export async function loadHomeLists(queryClient: QueryClient): Promise<null> {
  const lists = Promise.all(Object.values(HOME_LISTS).map((list) => queryClient.prefetchQuery(list)));
  await Promise.race([lists, new Promise((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
  return null;
}
