// Shown when a screen fails to load or render, most often a stale app after an update: reloading
// fetches the current version.
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-5 px-4 text-center">
      <Logo />
      <h1 className="text-3xl font-black text-ink">Something went wrong</h1>
      <p className="text-lg text-muted">This page could not be shown. Reloading usually fixes it; if it keeps happening, please try again later.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </main>
  );
}
