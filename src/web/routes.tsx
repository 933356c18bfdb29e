// The route table of spec §2 in one place: onboarding screens outside the shell, pages inside
// it, the old onboarding paths redirected, every screen loaded on demand.
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { OnboardingMode } from './features/auth/onboarding-page';
import { RequireUser } from './features/auth/require-user';
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
      { path: '/', element: <MovedTo path="/home" /> },
      { path: '/onboarding/login', element: <MovedTo path="/login" /> },
      { path: '/onboarding/register', element: <MovedTo path="/register" /> },
      { path: '/onboarding/resetPassword', element: <MovedTo path="/forgot-password" /> },
      {
        Component: ShellLayout,
        children: [
          { path: '/home', lazy: async () => ({ Component: (await import('./features/home/home-page')).HomePage }) },
          {
            Component: RequireUser,
            children: [{ path: '/profile', lazy: async () => ({ Component: (await import('./features/profile/profile-page')).ProfilePage }) }],
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
