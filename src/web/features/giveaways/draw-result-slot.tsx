// Where a page shows the live draw: loads draw-result.tsx (its socket and cards) only for a signed-in
// viewer, after the page itself, so the pages that mount it stay as light as they were.
import { lazy, Suspense } from 'react';
import { useAuth } from '../auth/auth-store';
import type { DrawTarget } from './use-draw-result';

const DrawResult = lazy(() => import('./draw-result'));

export function DrawResultSlot(target: DrawTarget) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <DrawResult {...target} />
    </Suspense>
  );
}
