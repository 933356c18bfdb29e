// /subscriptions: a viewer's newsletter and show alerts. Turning one on shows the words the consent
// record keeps and sends a confirmation link; turning off, stopping a show or unsubscribing from
// everything takes effect at once (subscribing again asks to confirm again). The consent records
// download as JSON.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_VERSION, consentText, type ConsentPurpose } from '../../../shared/consent-texts';
import type { SubscriptionStatus } from '../../../shared/contract/subscriptions';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../shell/page-title';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useAuth } from '../auth/auth-store';
import { consentRecordsQuery, useUpdateSubscriptionMutation } from './queries';
import { subscriptionStatusQuery } from './status';
import { stateWords } from './subscribe-box';

const PURPOSES: { purpose: ConsentPurpose; title: string }[] = [
  { purpose: 'newsletter', title: 'Newsletter' },
  { purpose: 'show_alerts', title: 'Alerts for every show' },
];

function PurposeRow({
  title,
  purpose,
  state,
  isBusy,
  onChange,
}: {
  title: string;
  purpose: ConsentPurpose;
  state: SubscriptionStatus['newsletter'];
  isBusy: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-ink">{title}</h3>
        <span className="text-sm font-bold text-muted">{stateWords(state)}</span>
      </div>
      {state === null ? (
        <>
          <p className="text-sm text-ink">{consentText(CONSENT_VERSION, purpose)}</p>
          <Button size="sm" className="self-start" isBusy={isBusy} onClick={() => onChange(true)}>
            Subscribe to {title.toLowerCase()}
          </Button>
        </>
      ) : (
        <Button variant="outline" size="sm" className="self-start" isBusy={isBusy} onClick={() => onChange(false)}>
          Stop {title.toLowerCase()}
        </Button>
      )}
    </li>
  );
}

function ConsentDownload({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  async function handleDownload() {
    setProblem(null);
    try {
      const records = await queryClient.fetchQuery({ ...consentRecordsQuery(userId), staleTime: 0 });
      const url = URL.createObjectURL(new Blob([JSON.stringify(records, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'gemcast-consent-records.json';
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby="consent-title">
      <h2 id="consent-title" className="text-xl font-black text-ink">
        Your consent records
      </h2>
      <p className="text-muted">
        Every time you subscribed, confirmed or unsubscribed, with the words you were shown. Download them as a JSON
        file.
      </p>
      <Button variant="outline" className="self-start" onClick={() => void handleDownload()}>
        Download my consent records
      </Button>
      {problem && <Alert tone="error">{problem}</Alert>}
    </section>
  );
}

function Manage({ userId }: { userId: number }) {
  const status = useQuery(subscriptionStatusQuery(userId));
  const update = useUpdateSubscriptionMutation(userId);
  const data = status.data;
  if (status.isError) return <Alert tone="error">{errorMessage(status.error)}</Alert>;
  if (!data) return <p className="text-muted">Loading your subscriptions…</p>;
  const hasAny = data.newsletter !== null || data.show_alerts !== null || data.shows.length > 0;
  return (
    <>
      <p className="text-ink">
        We write to <span className="font-bold">{data.email}</span>.
      </p>
      {update.isSuccess && <Alert tone="success">{update.data.message}</Alert>}
      {update.isError && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      <ul className="flex flex-col gap-4">
        {PURPOSES.map(({ purpose, title }) => (
          <PurposeRow
            key={purpose}
            title={title}
            purpose={purpose}
            state={data[purpose]}
            isBusy={update.isPending && update.variables.action === 'change' && update.variables[purpose] !== undefined}
            onChange={(on) => update.mutate({ action: 'change', [purpose]: on, consent_version: CONSENT_VERSION })}
          />
        ))}
      </ul>
      <section className="flex flex-col gap-3" aria-labelledby="shows-title">
        <h2 id="shows-title" className="text-xl font-black text-ink">
          Alerts for single shows
        </h2>
        {data.shows.length === 0 ? (
          <p className="text-muted">
            None. Open a show from the{' '}
            <Link to="/home" className="font-bold text-primary underline">
              home page
            </Link>{' '}
            and choose “Get alerts for this show”.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.shows.map((show) => (
              <li
                key={show.event_id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-4"
              >
                <span className="text-ink">
                  <span className="font-bold">{show.title}</span>
                  <span className="block text-sm text-muted">{stateWords(show.state)}</span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  isBusy={
                    update.isPending &&
                    update.variables.action === 'stop_show' &&
                    update.variables.event_id === show.event_id
                  }
                  onClick={() => update.mutate({ action: 'stop_show', event_id: show.event_id })}
                  aria-label={`Stop alerts for ${show.title}`}
                >
                  Stop alerts
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {hasAny && (
        <Button
          variant="ghost"
          className="self-start"
          isBusy={update.isPending && update.variables.action === 'cancel'}
          onClick={() => update.mutate({ action: 'cancel' })}
        >
          Unsubscribe from everything
        </Button>
      )}
      <ConsentDownload userId={userId} />
    </>
  );
}

export default function SubscriptionsPage() {
  const { user } = useAuth();
  const brand = useBrand();
  usePageTitle(`Your subscriptions - ${brand}`);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-black text-ink sm:text-4xl">Your subscriptions</h1>
      {user && <Manage userId={user.id} />}
    </div>
  );
}
