// What an event list shows while it loads (placeholders the size of the cards, so nothing jumps),
// when it cannot be read, and when it is empty.
import type { ReactNode } from 'react';

export function EventCardPlaceholders({ count }: { count: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-xl border border-line bg-white">
          <div className="aspect-video animate-pulse bg-secondary-soft motion-reduce:animate-none" />
          <div className="flex flex-col gap-3 p-4">
            <div className="h-5 w-3/4 rounded bg-line" />
            <div className="h-4 w-1/2 rounded bg-line" />
            <div className="h-8 w-2/3 rounded bg-line" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A quiet note in place of a list: nothing scheduled, or the list could not be read. */
export function ListNote({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed border-line bg-white px-5 py-6 text-muted">{children}</div>;
}

export const LIST_ERROR = 'This list could not be loaded just now. Please reload the page in a moment.';
