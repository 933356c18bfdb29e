// /subscribe/confirm?token=…: the page a confirmation e-mail's link opens. Opening it confirms (one
// POST; the GET itself changes nothing) and says what happened: subscribed, or why the link was
// refused (used before, expired, not ours).
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../shell/page-title';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { buttonStyles } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useConfirmMutation } from './queries';

export default function ConfirmSubscriptionPage() {
  const brand = useBrand();
  usePageTitle(`Confirm your subscription - ${brand}`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const answer = confirm.data;
  const result = answer?.confirmed;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-10">
      <h1 className="text-3xl font-black text-ink">Confirm your subscription</h1>
      {!token && <Alert tone="error">This page needs the whole link from the confirmation e-mail.</Alert>}
      {token && (confirm.isPending || confirm.isIdle) && (
        <p className="flex items-center gap-2 text-muted">
          <Spinner className="size-5" label="Confirming" /> Confirming…
        </p>
      )}
      {confirm.isError && <Alert tone="error">{errorMessage(confirm.error)}</Alert>}
      {answer && result && (
        <>
          <Alert tone="success">{answer.message}</Alert>
          <p className="text-ink">
            We will write to <span className="font-bold">{result.email}</span> about:
          </p>
          <ul className="list-disc pl-6 text-ink">
            {result.newsletter && <li>the newsletter</li>}
            {result.show_alerts && <li>every show about to go live</li>}
            {result.shows.map((show) => (
              <li key={show.event_id}>the show “{show.title}”</li>
            ))}
          </ul>
          <p className="text-muted">Every e-mail has a link to unsubscribe in one click.</p>
        </>
      )}
      {(confirm.isError || result) && (
        <Link to="/home" className={buttonStyles('outline', 'md', 'self-start')}>
          Back to the shows
        </Link>
      )}
    </div>
  );
}
