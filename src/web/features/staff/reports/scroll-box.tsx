// A wide table's frame on a phone: it scrolls sideways on its own, and a keyboard can focus it to
// scroll (a scrolling region must be reachable without a pointer).
import type { ReactNode } from 'react';

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border border-line">
      {children}
    </div>
  );
}
