// /staff/users: find a viewer by name, e-mail or phone (the search lives in the address), as a list
// that reads on a phone, a page at a time; each opens the viewer's page.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { USER_FILTERS, USERS_PAGE_SIZE, type UserSummary } from '../../../../shared/contract/staff-users';
import { ApiError } from '../../../api/client';
import { Pager } from '../../../ui/pager';
import { Button } from '../../../ui/button';
import { inputStyles } from '../../../ui/text-field';
import { LoadState } from '../load-state';
import { StaffOnly } from '../staff-only';
import { userSearchQuery } from './queries';
import { accountWords, nameOf } from './user-words';

type Filter = (typeof USER_FILTERS)[number];

const FILTER_WORDS: Record<Filter, string> = {
  all: 'Everyone',
  staff: 'Staff only',
  deactivated: 'Switched off only',
};

function readFilter(value: string | null): Filter {
  return USER_FILTERS.find((filter) => filter === value) ?? 'all';
}

function UserRow({ user }: { user: UserSummary }) {
  const state = accountWords(user);
  return (
    <li className="flex flex-col gap-1 border-b border-line px-4 py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="flex min-w-0 flex-col">
        <Link
          to={`/staff/users/${user.id}`}
          className="font-bold text-primary underline underline-offset-4 wrap-anywhere"
        >
          {nameOf(user)}
        </Link>
        <span className="text-sm text-muted wrap-anywhere">{user.email}</span>
        <span className="text-sm text-muted">{user.phone}</span>
      </div>
      <div className="flex flex-wrap gap-2 text-sm">
        {user.is_staff && (
          <span className="rounded-full bg-primary-soft px-2.5 py-0.5 font-bold text-primary-hover">Staff</span>
        )}
        <span className={state.tone === 'off' ? 'font-bold text-danger' : 'text-muted'}>{state.words}</span>
      </div>
    </li>
  );
}

export default function StaffUsersPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const filter = readFilter(search.get('filter'));
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [draft, setDraft] = useState({ q, filter });
  const { data, error, isPending, isPlaceholderData, refetch } = useQuery(userSearchQuery({ q, filter, page }));
  if (error instanceof ApiError && error.httpStatus === 403 && !error.data.length)
    return <StaffOnly what="viewers’ accounts" />;

  function go(next: { q: string; filter: Filter; page: number }) {
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.filter !== 'all') params.set('filter', next.filter);
    if (next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  }
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    go({ ...draft, page: 1 });
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.page_size || USERS_PAGE_SIZE))) : 1;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Viewers’ accounts</h1>
        <p className="max-w-prose text-muted">
          Find a viewer by name, e-mail address or phone number. Open one to see what they did, end their sessions,
          switch the account off, give staff rights, or export or erase their data when they ask.
        </p>
      </div>
      <form
        role="search"
        aria-label="Find a viewer"
        onSubmit={handleSubmit}
        className="grid gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
          Name, e-mail or phone
          <input
            type="search"
            className={inputStyles}
            value={draft.q}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
          Show
          <select
            className={inputStyles}
            value={draft.filter}
            onChange={(event) => setDraft({ ...draft, filter: readFilter(event.target.value) })}
          >
            {USER_FILTERS.map((value) => (
              <option key={value} value={value}>
                {FILTER_WORDS[value]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">Search</Button>
      </form>
      <LoadState error={error} isPending={isPending} onRetry={() => void refetch()} loadingLabel="Finding viewers" />
      {data && (
        <section
          aria-labelledby="results-heading"
          aria-busy={isPlaceholderData || undefined}
          className="flex flex-col gap-3"
        >
          <h2 id="results-heading" className="text-lg font-black text-ink">
            {data.total === 1 ? '1 account' : `${data.total.toLocaleString('en-US')} accounts`}
          </h2>
          {data.users.length > 0 ? (
            <ul className="rounded-xl border border-line bg-white">
              {data.users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
              No account matches this search.
            </p>
          )}
          <Pager page={data.page} pages={pages} onPage={(next) => go({ q, filter, page: next })} />
        </section>
      )}
    </div>
  );
}
