// /staff/users/:id: one viewer's account: profile, state, activity, sessions (each can be ended),
// and the actions: staff rights, switching the account off and on, exporting and erasing its data.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  ERASE_WORD,
  USER_EXPORT_PATH,
  confirmsErase,
  type UserActivity,
  type UserDetail,
} from '../../../../shared/contract/staff-users';
import { pathWith } from '../../../../shared/contract/call';
import { ApiError, errorMessage } from '../../../api/client';
import { currentCredentials } from '../../../api/credentials';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { inputStyles } from '../../../ui/text-field';
import { LoadState } from '../load-state';
import { Modal } from '../shows/dialog';
import { laTime } from '../shows/show-format';
import { SecondFactorAdmin } from '../security/second-factor-admin';
import { StaffOnly } from '../staff-only';
import { userDetailQuery, useUserAction, type UserAction } from './queries';
import { accountWords, nameOf } from './user-words';

const sectionStyles = 'flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-5';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionStyles}>
      <h2 id={id} className="text-xl font-black text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm font-bold text-muted">{label}</dt>
      <dd className="text-ink wrap-anywhere">{value || '—'}</dd>
    </div>
  );
}

function Profile({ detail }: { detail: UserDetail }) {
  const { profile, state } = detail;
  const address = [profile.address, profile.city, profile.state, profile.zip, profile.country]
    .filter(Boolean)
    .join(', ');
  return (
    <Section id="profile-heading" title="Profile">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Field label="E-mail" value={profile.email} />
        <Field label="Phone" value={profile.phone} />
        <Field label="Nickname" value={profile.nickname} />
        <Field label="Address" value={address} />
        <Field label="Birthday" value={profile.birthday} />
        <Field label="Anniversary" value={profile.anniversary} />
        <Field label="Invite code" value={profile.my_invite_code} />
        <Field label="Joined" value={laTime(profile.created_at)} />
        <Field
          label="State"
          value={
            state.deactivated_at && !state.erased_at
              ? `Switched off ${laTime(state.deactivated_at)}${state.deactivated_by ? ` by ${state.deactivated_by.name}` : ''}`
              : state.erased_at
                ? `Erased ${laTime(state.erased_at)}`
                : accountWords(profile).words
          }
        />
        <Field label="Staff" value={state.is_staff ? 'Yes' : 'No'} />
      </dl>
    </Section>
  );
}

function Listing<T>({
  title,
  list,
  line,
  none,
}: {
  title: string;
  list: { total: number; rows: T[] };
  line: (row: T) => string;
  none: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-black text-ink">
        {title} <span className="font-normal text-muted">({list.total})</span>
      </h3>
      {list.rows.length ? (
        <ul className="flex flex-col gap-0.5 text-sm text-ink">
          {list.rows.map((row, index) => (
            <li key={index}>{line(row)}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{none}</p>
      )}
    </div>
  );
}

function Activity({ activity }: { activity: UserActivity }) {
  return (
    <Section id="activity-heading" title="Activity">
      <p className="text-ink">
        <span className="font-black">{activity.points.balance.toLocaleString('en-US')}</span> points to spend
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Listing
          title="RSVPs"
          list={activity.rsvps}
          line={(row) => `${row.title} · ${laTime(row.created_at)}`}
          none="No RSVPs."
        />
        <Listing
          title="Live check-ins"
          list={activity.checkins}
          line={(row) => `${row.title} · ${laTime(row.created_at)}`}
          none="No check-ins."
        />
        <Listing
          title="Giveaway entries"
          list={activity.entries}
          line={(row) => `${row.title} · ${laTime(row.created_at)}`}
          none="No entries."
        />
        <Listing
          title="Wins"
          list={activity.wins}
          line={(row) => `${row.title} · ${row.status} · ${laTime(row.drawn_at)}`}
          none="No wins."
        />
        <Listing
          title="Chat mutes and bans"
          list={activity.sanctions}
          line={(row) =>
            `${row.kind === 'ban' ? 'Banned' : 'Muted'} ${laTime(row.created_at)}${row.lifted_at ? ', lifted' : ''}`
          }
          none="None."
        />
        <Listing
          title="Recent points"
          list={{ total: activity.points.recent.length, rows: activity.points.recent }}
          line={(row) => `${row.points > 0 ? '+' : ''}${row.points} · ${row.reason} · ${laTime(row.created_at)}`}
          none="No points yet."
        />
      </div>
    </Section>
  );
}

function Sessions({ detail, run, busy }: { detail: UserDetail; run: (action: UserAction) => void; busy: boolean }) {
  return (
    <Section id="sessions-heading" title="Sessions">
      {detail.sessions.length ? (
        <ul className="flex flex-col divide-y divide-line">
          {detail.sessions.map((session) => (
            <li key={session.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="text-sm text-ink">
                <p>
                  Started {laTime(session.created_at)}
                  {session.is_current && <span className="font-bold"> (this session)</span>}
                </p>
                <p className="text-muted">
                  Ends {laTime(session.expires_at)}
                  {session.second_factor_at
                    ? ` · second factor ${laTime(session.second_factor_at)} (${session.second_factor_method ?? ''})`
                    : ''}
                </p>
              </div>
              {!session.is_current && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => run({ type: 'end-session', sessionId: session.id })}
                >
                  End this session
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No open sessions.</p>
      )}
    </Section>
  );
}

function ExportButton({ id }: { id: number }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  async function download() {
    setProblem('');
    setBusy(true);
    try {
      const response = await fetch(pathWith(USER_EXPORT_PATH, { id }), {
        headers: { token: currentCredentials().token },
      });
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        const message =
          typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
            ? body.message
            : 'The data could not be exported just now. Please try again.';
        setProblem(message);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `gemcast-user-${id}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      setProblem('The data could not be exported: the server did not answer. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" isBusy={busy} onClick={() => void download()}>
        Export their data (JSON)
      </Button>
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}

function EraseDialog({ detail, run, busy }: { detail: UserDetail; run: (action: UserAction) => void; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = confirmsErase(typed, detail.profile.email);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    run({ type: 'erase', confirm: typed });
    setOpen(false);
  }
  return (
    <>
      <Button variant="outline" className="border-danger text-danger" onClick={() => setOpen(true)}>
        Erase their data
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="narrow"
        title="Erase this viewer?"
        description="Their name, e-mail, phone, address, dates, picture, passkeys and sessions are removed for good and the account is switched off. Entries, draws and points stay, without a name, so results can still be checked."
      >
        <form onSubmit={handleSubmit} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1.5 text-sm font-bold text-ink">
            Type their e-mail address or {ERASE_WORD}
            <input
              className={inputStyles}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
          <Button type="submit" disabled={!matches || busy} className="bg-danger hover:bg-danger">
            Erase for good
          </Button>
        </form>
      </Modal>
    </>
  );
}

function Actions({ detail, run, busy }: { detail: UserDetail; run: (action: UserAction) => void; busy: boolean }) {
  const { state } = detail;
  if (state.erased_at) return null;
  if (state.is_self)
    return (
      <Section id="actions-heading" title="Actions">
        <p className="text-sm text-muted">This is your own account: ask a colleague to change it.</p>
      </Section>
    );
  return (
    <Section id="actions-heading" title="Actions">
      <div className="flex flex-wrap gap-3">
        {state.is_staff ? (
          <Button variant="outline" disabled={busy} onClick={() => run({ type: 'revoke' })}>
            Remove staff rights
          </Button>
        ) : (
          !state.deactivated_at && (
            <Button variant="outline" disabled={busy} onClick={() => run({ type: 'grant' })}>
              Make staff
            </Button>
          )
        )}
        {state.deactivated_at ? (
          <Button disabled={busy} onClick={() => run({ type: 'reactivate' })}>
            Switch the account back on
          </Button>
        ) : (
          !state.is_staff && (
            <Button variant="secondary" disabled={busy} onClick={() => run({ type: 'deactivate' })}>
              Switch the account off
            </Button>
          )
        )}
        <ExportButton id={detail.profile.id} />
        {!state.is_staff && <EraseDialog detail={detail} run={run} busy={busy} />}
      </div>
      {state.is_staff && (
        <p className="text-sm text-muted">Remove their staff rights before switching the account off or erasing it.</p>
      )}
    </Section>
  );
}

export default function StaffUserPage() {
  const id = Number(useParams().id) || 0;
  const query = useQuery(userDetailQuery(id));
  const action = useUserAction(id);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { data: detail, error, isPending, refetch } = query;
  if (error instanceof ApiError && error.httpStatus === 403 && !error.data.length)
    return <StaffOnly what="viewers’ accounts" />;

  function run(next: UserAction) {
    setNotice(null);
    action.mutate(next, {
      onSuccess: ({ message }) => setNotice({ tone: 'success', text: message }),
      onError: (failure) => setNotice({ tone: 'error', text: errorMessage(failure) }),
    });
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <Link to="/staff/users" className="self-start font-bold text-primary underline underline-offset-4">
          All accounts
        </Link>
        <h1 className="text-3xl font-black text-ink wrap-anywhere sm:text-4xl">
          {detail ? nameOf(detail.profile) : 'Account'}
        </h1>
      </div>
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the account"
      />
      {notice && (
        <div aria-live="polite">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      {detail && (
        <div className="flex flex-col gap-6">
          <Actions detail={detail} run={run} busy={action.isPending} />
          <Profile detail={detail} />
          <Activity activity={detail.activity} />
          <Sessions detail={detail} run={run} busy={action.isPending} />
          {/* A colleague's authenticator app: its state and the reset after a lockout (decision 086). */}
          {detail.state.is_staff && !detail.state.is_self && <SecondFactorAdmin userId={detail.profile.id} />}
        </div>
      )}
    </div>
  );
}
