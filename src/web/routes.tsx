// The route table of spec §2 in one place: onboarding screens and the partner giveaway page
// outside the shell, every other page inside it, the old onboarding paths redirected, live and
// chat screens behind the login guard, staff screens behind the staff guard, and every screen
// loaded on demand (the full-screen spinner shows meanwhile).
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { queryClient } from './api/query-client';
import type { OnboardingMode } from './features/auth/onboarding-page';
import { RequireUser } from './features/auth/require-user';
import { loadHomeLists } from './features/home/home-lists';
import { MovedTo } from './shell/moved-to';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';
import { ShellLayout } from './shell/shell-layout';
import { FullScreenSpinner } from './ui/spinner';

function onboarding(mode: OnboardingMode) {
  return async () => {
    const { OnboardingPage } = await import('./features/auth/onboarding-page');
    return { element: <OnboardingPage mode={mode} /> };
  };
}

/** A screen whose module default-exports its page. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

const livePage = page(() => import('./features/live/live-page'));
const chatPage = page(() => import('./features/live/chat-page'));
const exhibitionThanksPage = page(() => import('./features/exhibitions/exhibition-thanks-page'));

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: RouteError,
    children: [
      { path: '/register', lazy: onboarding('register') },
      { path: '/login', lazy: onboarding('login-code') },
      { path: '/login/password', lazy: onboarding('login-password') },
      { path: '/forgot-password', lazy: onboarding('forgot-password') },
      { path: '/intergem/giveaway/:id', lazy: page(() => import('./features/giveaways/intergem-giveaway-page')) },
      { path: '/', element: <MovedTo path="/home" /> },
      { path: '/onboarding/login', element: <MovedTo path="/login" /> },
      { path: '/onboarding/register', element: <MovedTo path="/register" /> },
      { path: '/onboarding/resetPassword', element: <MovedTo path="/forgot-password" /> },
      {
        Component: ShellLayout,
        children: [
          {
            path: '/home',
            // The lists load alongside the page's code instead of after it.
            loader: () => loadHomeLists(queryClient),
            lazy: async () => ({ Component: (await import('./features/home/home-page')).HomePage }),
          },
          { path: '/contact-us', lazy: page(() => import('./features/static/contact-us-page')) },
          { path: '/about', lazy: page(() => import('./features/static/about-page')) },
          { path: '/privacy', lazy: page(() => import('./features/static/privacy-page')) },
          { path: '/terms', lazy: page(() => import('./features/static/terms-page')) },
          { path: '/faq', lazy: page(() => import('./features/static/faq-page')) },
          { path: '/rewards', lazy: page(() => import('./features/rewards/rewards-page')) },
          { path: '/giveaways', lazy: page(() => import('./features/giveaways/giveaways-page')) },
          { path: '/giveaway/:id', lazy: page(() => import('./features/giveaways/giveaway-page')) },
          { path: '/giveaway/success/:id', lazy: page(() => import('./features/giveaways/giveaway-success-page')) },
          { path: '/giveaway/already-participated/:id', lazy: page(() => import('./features/giveaways/already-participated-page')) },
          { path: '/giveaway-terms/:id', lazy: page(() => import('./features/giveaways/giveaway-terms-page')) },
          { path: '/past/:id', lazy: page(() => import('./features/past/past-page')) },
          { path: '/whatnot', lazy: page(() => import('./features/whatnot/whatnot-page')) },
          { path: '/whatnot/success', lazy: page(() => import('./features/whatnot/whatnot-success-page')) },
          { path: '/product-register', lazy: page(() => import('./features/exhibitions/product-register-page')) },
          { path: '/exhibition-thanks', lazy: exhibitionThanksPage },
          { path: '/exhibition-thanks/:id', lazy: exhibitionThanksPage },
          {
            Component: RequireUser,
            children: [
              { path: '/profile', lazy: async () => ({ Component: (await import('./features/profile/profile-page')).ProfilePage }) },
              { path: '/live', lazy: livePage },
              { path: '/live/:platform', lazy: livePage },
              { path: '/live-agora', lazy: livePage },
              { path: '/chat', lazy: chatPage },
              { path: '/agora-chat', lazy: chatPage },
              {
                lazy: async () => ({ Component: (await import('./shell/require-staff')).RequireStaff }),
                children: [
                  { path: '/test-live', lazy: page(() => import('./features/live/test-live-page')) },
                  { path: '/staff/analytics', lazy: page(() => import('./features/staff/analytics-page')) },
                  { path: '/staff/shows', lazy: page(() => import('./features/staff/shows/shows-page')) },
                  { path: '/staff/shows/:id', lazy: page(() => import('./features/staff/shows/show-page')) },
                  { path: '/staff/giveaways', lazy: page(() => import('./features/staff/giveaways/giveaways-page')) },
                  { path: '/staff/giveaways/:id', lazy: page(() => import('./features/staff/giveaways/giveaway-page')) },
                  { path: '/staff/chat', lazy: page(() => import('./features/staff/chat/sanctions-page')) },
                ],
              },
            ],
          },
          { path: '*', lazy: async () => ({ Component: (await import('./shell/not-found-page')).NotFoundPage }) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
