// The contest page's sections as tabs (the WAI-ARIA tabs pattern: arrow keys, Home and End move
// between tabs, the chosen one is in the address as ?section= so a link or a reload keeps it).
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../../ui/cx';

export type Tab<Key extends string> = { key: Key; label: ReactNode };

type SectionTabsProps<Key extends string> = {
  label: string;
  tabs: readonly Tab<Key>[];
  current: Key;
  onChange: (key: Key) => void;
  children: ReactNode;
};

export function SectionTabs<Key extends string>({ label, tabs, current, onChange, children }: SectionTabsProps<Key>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((tab) => tab.key === current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${id}-tab-${tab.key}`)}`)?.focus();
  }

  return (
    <div className="flex flex-col gap-5">
      <div ref={list} role="tablist" aria-label={label} className="flex flex-wrap gap-x-1 border-b border-line">
        {tabs.map((tab) => {
          const isCurrent = tab.key === current;
          return (
            <button
              key={tab.key}
              id={`${id}-tab-${tab.key}`}
              type="button"
              role="tab"
              aria-selected={isCurrent}
              aria-controls={`${id}-panel`}
              tabIndex={isCurrent ? 0 : -1}
              onClick={() => onChange(tab.key)}
              onKeyDown={handleKeyDown}
              className={cx(
                '-mb-px inline-flex min-h-11 shrink-0 items-center gap-2 border-b-4 px-3 font-bold whitespace-nowrap',
                isCurrent ? 'border-primary text-ink' : 'border-transparent text-muted hover:text-primary',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${current}`} tabIndex={0} className="min-w-0">
        {children}
      </div>
    </div>
  );
}
