// The app's one TanStack Query client. Answers the server refused (4xx) are not retried: asking
// again would get the same answer, or hit a rate limit.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

const MAX_RETRIES = 2;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        failures < MAX_RETRIES && !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500),
    },
  },
});
