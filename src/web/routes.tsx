// The route table of spec §2 in one place: onboarding screens and the partner giveaway page
// outside the shell, every other page inside it, the old onboarding paths redirected, live and
// chat screens behind the login guard, staff screens behind the staff guard, and every screen
// loaded on demand (the full-screen spinner shows meanwhile; see shell/root-layout.tsx).
import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type Location, type RouteObject } from 'react-router';
import { queryClient } from './api/query-client';
import { RequireUser } from './features/auth/require-user';
import { RegisterLayout } from './features/exhibitions/register-layout';
import { loadHomeLists } from './features/home/home-lists';
import { MovedTo } from './shell/moved-to';
import { ShellLayout } from './shell/shell-layout';

type Loaded<P extends object = object> = { default: ComponentType<P> };

/**
 * A component loaded on demand that can also be asked to start loading before it renders. Once its
 * code is here, the component renders at once: React.lazy reads a thenable that answers in the
 * same call as settled, so the screen does not suspend (and show the spinner) for code it has.
 */
function loadable<P extends object>(load: () => Promise<Loaded<P>>) {
  let loading: Promise<Loaded<P>> | undefined;
  let loaded: Loaded<P> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const settled = (module: Loaded<P>) =>
    ({ then: (resolve: (value: Loaded<P>) => void) => resolve(module) }) as unknown as Promise<Loaded<P>>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : start())),
    { preload: start },
  );
}

/** Starts loading a route element's component when it is loaded on demand. */
function preloadOf(element: unknown): unknown {
  if (!isValidElement(element) || typeof element.type !== 'object' || element.type === null) return undefined;
  const preload: unknown = Reflect.get(element.type, 'preload');
  return typeof preload === 'function' ? preload() : undefined;
}

/** A screen loaded on demand, from a module that default-exports it. */
function screen(load: () => Promise<Loaded>) {
  const Screen = loadable(load);
  return <Screen />;
}

/** The same, for a module that exports the screen under a name. */
function named<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return screen(async () => ({ default: pick(await load()) }));
}

const Onboarding = loadable(() =>
  import('./features/auth/onboarding-page').then((module) => ({ default: module.OnboardingPage })),
);
const Home = loadable(async () => {
  // The lists load alongside the page's code instead of after it.
  const [module] = await Promise.all([import('./features/home/home-page'), loadHomeLists(queryClient)]);
  return { default: module.HomePage };
});
const LivePage = loadable(() => import('./features/live/live-page'));
const ChatPage = loadable(() => import('./features/live/chat-page'));
const ExhibitionThanksPage = loadable(() => import('./features/exhibitions/exhibition-thanks-page'));
const RequireStaff = loadable(() =>
  import('./shell/require-staff').then((module) => ({ default: module.RequireStaff })),
);

const routes: RouteObject[] = [
  { path: '/register', element: <Onboarding mode="register" /> },
  { path: '/login', element: <Onboarding mode="login-code" /> },
  { path: '/login/password', element: <Onboarding mode="login-password" /> },
  { path: '/forgot-password', element: <Onboarding mode="forgot-password" /> },
  { path: '/intergem/giveaway/:id', element: screen(() => import('./features/giveaways/intergem-giveaway-page')) },
  {
    path: '/intergem/giveaway/success/:id',
    element: screen(() => import('./features/giveaways/intergem-success-page')),
  },
  // The shell, or the booth tablet's frame with ?kiosk=1 (decision 075).
  {
    path: '/product-register',
    element: <RegisterLayout />,
    children: [{ index: true, element: screen(() => import('./features/exhibitions/product-register-page')) }],
  },
  { path: '/', element: <MovedTo path="/home" /> },
  { path: '/onboarding/login', element: <MovedTo path="/login" /> },
  { path: '/onboarding/register', element: <MovedTo path="/register" /> },
  { path: '/onboarding/resetPassword', element: <MovedTo path="/forgot-password" /> },
  {
    element: <ShellLayout />,
    children: [
      { path: '/home', element: <Home /> },
      { path: '/contact-us', element: screen(() => import('./features/static/contact-us-page')) },
      { path: '/about', element: screen(() => import('./features/static/about-page')) },
      { path: '/privacy', element: screen(() => import('./features/static/privacy-page')) },
      { path: '/terms', element: screen(() => import('./features/static/terms-page')) },
      { path: '/faq', element: screen(() => import('./features/static/faq-page')) },
      { path: '/rewards', element: screen(() => import('./features/rewards/rewards-page')) },
      { path: '/notifications', element: screen(() => import('./features/notifications/notifications-page')) },
      {
        path: '/notifications/settings',
        element: screen(() => import('./features/notifications/notification-settings-page')),
      },
      { path: '/unsubscribe/:token', element: screen(() => import('./features/notifications/unsubscribe-page')) },
      { path: '/contests', element: screen(() => import('./features/contests/contests-page')) },
      { path: '/contest/:id', element: screen(() => import('./features/contests/contest-page')) },
      { path: '/giveaways', element: screen(() => import('./features/giveaways/giveaways-page')) },
      { path: '/giveaway/:id', element: screen(() => import('./features/giveaways/giveaway-page')) },
      { path: '/giveaway/success/:id', element: screen(() => import('./features/giveaways/giveaway-success-page')) },
      {
        path: '/giveaway/already-participated/:id',
        element: screen(() => import('./features/giveaways/already-participated-page')),
      },
      { path: '/giveaway-terms/:id', element: screen(() => import('./features/giveaways/giveaway-terms-page')) },
      { path: '/past/:id', element: screen(() => import('./features/past/past-page')) },
      // A show's own page (home's upcoming cards link here): the same page, which shows a show still to come with its RSVP.
      { path: '/show/:id', element: screen(() => import('./features/past/past-page')) },
      { path: '/subscribe/confirm', element: screen(() => import('./features/subscriptions/confirm-page')) },
      { path: '/whatnot', element: screen(() => import('./features/whatnot/whatnot-page')) },
      { path: '/whatnot/success', element: screen(() => import('./features/whatnot/whatnot-success-page')) },
      { path: '/exhibition-thanks', element: <ExhibitionThanksPage /> },
      { path: '/exhibition-thanks/:id', element: <ExhibitionThanksPage /> },
      {
        element: <RequireUser />,
        children: [
          {
            path: '/profile',
            element: named(
              () => import('./features/profile/profile-page'),
              (module) => module.ProfilePage,
            ),
          },
          { path: '/subscriptions', element: screen(() => import('./features/subscriptions/subscriptions-page')) },
          { path: '/live', element: <LivePage /> },
          { path: '/live/:platform', element: <LivePage /> },
          { path: '/live-agora', element: <LivePage /> },
          { path: '/chat', element: <ChatPage /> },
          { path: '/agora-chat', element: <ChatPage /> },
          {
            element: <RequireStaff />,
            children: [
              { path: '/test-live', element: screen(() => import('./features/live/test-live-page')) },
              { path: '/staff', element: screen(() => import('./features/staff/staff-desk')) },
              {
                path: '/staff/second-factor',
                element: screen(() => import('./features/staff/security/second-factor-page')),
              },
              { path: '/staff/analytics', element: screen(() => import('./features/staff/analytics-page')) },
              { path: '/staff/reports', element: screen(() => import('./features/staff/reports/reports-page')) },
              { path: '/staff/shows', element: screen(() => import('./features/staff/shows/shows-page')) },
              { path: '/staff/shows/:id', element: screen(() => import('./features/staff/shows/show-page')) },
              {
                path: '/staff/console/:eventid',
                element: screen(() => import('./features/staff/console/console-page')),
              },
              { path: '/staff/giveaways', element: screen(() => import('./features/staff/giveaways/giveaways-page')) },
              {
                path: '/staff/giveaways/:id',
                element: screen(() => import('./features/staff/giveaways/giveaway-page')),
              },
              { path: '/staff/chat', element: screen(() => import('./features/staff/chat/sanctions-page')) },
              { path: '/staff/users', element: screen(() => import('./features/staff/users/users-page')) },
              { path: '/staff/users/:id', element: screen(() => import('./features/staff/users/user-page')) },
              { path: '/staff/pieces', element: screen(() => import('./features/staff/pieces/pieces-page')) },
              { path: '/staff/rewards', element: screen(() => import('./features/staff/rewards/rules-page')) },
              {
                path: '/staff/rewards/catalogue',
                element: screen(() => import('./features/staff/rewards/catalogue-page')),
              },
              { path: '/staff/rewards/points', element: screen(() => import('./features/staff/rewards/points-page')) },
              {
                path: '/staff/rewards/coupons',
                element: screen(() => import('./features/staff/rewards/coupon-desk-page')),
              },
              { path: '/staff/contests', element: screen(() => import('./features/staff/contests/contests-page')) },
              {
                path: '/staff/contests/new',
                element: screen(() => import('./features/staff/contests/contest-new-page')),
              },
              { path: '/staff/contests/:id', element: screen(() => import('./features/staff/contests/contest-page')) },
              {
                path: '/staff/exhibitions',
                element: screen(() => import('./features/staff/exhibitions/exhibitions-page')),
              },
              {
                path: '/staff/exhibitions/:id/qr',
                element: screen(() => import('./features/staff/exhibitions/qr-page')),
              },
              {
                path: '/staff/exhibitions/registrations',
                element: screen(() => import('./features/staff/exhibitions/registrations-page')),
              },
              {
                path: '/staff/exhibitions/registrations/:id',
                element: screen(() => import('./features/staff/exhibitions/registration-page')),
              },
              { path: '/staff/audit', element: screen(() => import('./features/staff/audit/audit-page')) },
            ],
          },
        ],
      },
      {
        path: '*',
        element: named(
          () => import('./shell/not-found-page'),
          (module) => module.NotFoundPage,
        ),
      },
    ],
  },
];

/** The screen for a location: the layouts and page its path matches. */
export function useScreen(location: Location) {
  return useRoutes(routes, location);
}

/**
 * Loads the code of the screen a visit starts on (and the home lists), so the first screen renders
 * once, complete, after the spinner: as a data router would, without its weight.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map((match) => preloadOf(match.route.element)));
}
