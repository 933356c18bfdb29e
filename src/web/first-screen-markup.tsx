// The first screen's markup, rendered on the server into the page it serves (decision 097): the
// shell and the first view of /home and /live, from the same components the app renders and the
// answers the page carries (decision 034), as a visitor sees them. The app replaces it when it renders.
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { HOME_EVENT_LISTS, eventListRead, readKey, type ApiRead } from '../shared/first-screen';
import { recordsOf, type AnswerParser } from './api/client';
import { AuthProvider } from './features/auth/auth-store';
import { isEventRecord } from './features/events/queries';
import { HOME_LISTS } from './features/home/home-lists';
import { HomePage } from './features/home/home-page';
import { LiveNow } from './features/live/live-now';
import { ShellLayout } from './shell/shell-layout';
import { isSiteConfig, siteConfigQuery } from './shell/site-config';

/** The paths rendered on the server; every other page starts empty, as the app's own first render would. */
const RENDERED_PATHS = new Set(['/home', '/live']);

type Answers = Record<string, unknown>;

/** Puts an answer into the cache as its query would: `pick` takes the query's data from the checked envelope. */
function seed<T>(
  client: QueryClient,
  answers: Answers,
  read: ApiRead,
  parser: AnswerParser<{ data: T[] }>,
  queryKey: QueryKey,
  pick: (records: T[]) => unknown,
): void {
  const parsed = parser.safeParse(answers[readKey(read.path, read.query)]);
  if (!parsed.success) return;
  const data = pick(parsed.data.data);
  if (data !== undefined) client.setQueryData(queryKey, data);
}

function seededClient(answers: Answers): QueryClient {
  // Nothing is fetched on the server: a read without an answer renders as loading, as it first does in the app.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  seed(
    client,
    answers,
    { path: '/api/siteconfig', query: {} },
    recordsOf(isSiteConfig),
    siteConfigQuery.queryKey,
    (r) => r[0],
  );
  const events = recordsOf(isEventRecord);
  for (const name of Object.keys(HOME_LISTS) as (keyof typeof HOME_LISTS)[])
    seed(client, answers, eventListRead(HOME_EVENT_LISTS[name]), events, HOME_LISTS[name].queryKey, (r) => r);
  return client;
}

/** The markup of the first screen at `pathname`, or null when that screen is not rendered on the server. */
export function renderFirstScreen(pathname: string, answers: Answers): string | null {
  if (!RENDERED_PATHS.has(pathname)) return null;
  return renderToString(
    <QueryClientProvider client={seededClient(answers)}>
      <AuthProvider>
        <StaticRouter location={pathname}>
          <Routes>
            <Route element={<ShellLayout />}>
              <Route path="/home" element={<HomePage />} />
              {/* The live page opens on its search for the show on air (its reads are the viewer's own). */}
              <Route path="/live" element={<LiveNow />} />
            </Route>
          </Routes>
        </StaticRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
