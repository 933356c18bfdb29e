// The app itself: the site configuration request, then the query client, the auth store and the
// router, rendered over the server's first screen where there is one. main.tsx loads it.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { FIRST_SCREEN_ATTRIBUTE } from '../shared/first-screen';
import { queryClient } from './api/query-client';
import { AuthProvider } from './features/auth/auth-store';
import { nextTask } from './lib/next-task';
import { preloadScreen } from './routes';
import { RootLayout } from './shell/root-layout';
import { siteConfigQuery } from './shell/site-config';
import { FullScreenSpinner } from './ui/spinner';

export async function startApp(container: HTMLElement): Promise<void> {
  // Brand, contact details and analytics ids: asked for before the first screen renders.
  void queryClient.prefetchQuery(siteConfigQuery);

  /** Runs after the commit that replaced the server's screen: from here on the page's controls work. */
  function TakenOver() {
    useEffect(() => container.removeAttribute(FIRST_SCREEN_ATTRIBUTE), []);
    return null;
  }

  const root = createRoot(container);
  // The server rendered the first screen of some pages (decision 097): it stays until the app's own
  // replaces it in one commit. Other pages show the spinner meanwhile.
  if (!container.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) root.render(<FullScreenSpinner />);
  // Asking for the first screen's code and lists is a task of its own (decision 108).
  await nextTask();
  // The app renders once the first screen's code is here. A failed preload is not fatal: the screen
  // loads again when it renders, and can then show its error.
  await preloadScreen(window.location.pathname).catch(() => undefined);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the page in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            {/* Without transitions: the root layout defers the location itself and shows the spinner. */}
            <BrowserRouter useTransitions={false}>
              <RootLayout />
            </BrowserRouter>
            <TakenOver />
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
