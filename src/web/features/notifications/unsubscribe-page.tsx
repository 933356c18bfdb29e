// /unsubscribe/:token: the page an e-mail's unsubscribe link opens. Opening it changes nothing (mail
// scanners open links); it says whose address and which e-mails, unsubscribes on the button, then
// offers the rest of the e-mail choices. A spoilt or unknown link gets a kind explanation.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { UnsubscribeView } from '../../../shared/contract/notifications';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../shell/page-title';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PreferenceGrid, usePreferenceSaver } from './preference-grid';
import { unsubscribeViewQuery, useUnsubscribeMutation } from './queries';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

function whatText(view: UnsubscribeView): string {
  return view.kind ? `“${NOTIFICATION_KINDS[view.kind].label}” e-mails` : 'our newsletter and show alerts';
}

function BrokenLink({ message }: { message: string }) {
  return (
    <>
      <h1 className="text-3xl font-black text-ink sm:text-4xl">This unsubscribe link didn’t work</h1>
      <Alert tone="error">{message}</Alert>
      <p className="text-muted">
        Try opening it again from the e-mail. You can also choose which e-mails you get in your{' '}
        <Link to="/notifications/settings" className={linkStyles}>
          notification settings
        </Link>{' '}
        once you’re logged in.
      </p>
    </>
  );
}

function UnsubscribeForm({ token, view }: { token: string; view: UnsubscribeView }) {
  const unsubscribe = useUnsubscribeMutation(token);
  const oneClick = useMutation({ mutationFn: async () => (await unsubscribe.mutateAsync(undefined)).message });
  const saver = usePreferenceSaver(
    async (cell, enabled) =>
      (await unsubscribe.mutateAsync([{ kind: cell.kind, channel: cell.channel, enabled }])).message,
  );

  return (
    <>
      <h1 className="text-3xl font-black text-ink sm:text-4xl">Unsubscribe</h1>
      <p className="text-lg text-muted">
        This link is for <strong className="text-ink">{view.email}</strong> and came with {whatText(view)}.
      </p>
      <div aria-live="polite" className="flex flex-col gap-3 empty:hidden">
        {oneClick.isSuccess && <Alert tone="success">{oneClick.data}</Alert>}
        {oneClick.isError && <Alert tone="error">{errorMessage(oneClick.error)}</Alert>}
      </div>
      {view.subscribed ? (
        <Button className="self-start" isBusy={oneClick.isPending} onClick={() => oneClick.mutate()}>
          Unsubscribe from these e-mails
        </Button>
      ) : (
        !oneClick.isSuccess && <p className="font-bold text-ink">You’re not getting these e-mails any more.</p>
      )}
      {view.preferences.length > 0 && (
        <section aria-labelledby="other-emails" className="flex flex-col gap-4 border-t border-line pt-6">
          <h2 id="other-emails" className="text-xl font-black text-ink">
            Your other e-mails
          </h2>
          <p className="text-muted">
            Tick what you’d like to keep getting by e-mail; each change is saved at once. To change what you see on the
            site, log in and open your{' '}
            <Link to="/notifications/settings" className={linkStyles}>
              notification settings
            </Link>
            .
          </p>
          <div aria-live="polite" className="empty:hidden">
            {saver.note && <Alert tone={saver.note.tone}>{saver.note.text}</Alert>}
          </div>
          <PreferenceGrid
            caption="Which e-mails you get"
            cells={view.preferences}
            channels={['email']}
            pending={saver.pending}
            onChange={saver.change}
          />
        </section>
      )}
    </>
  );
}

export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const brand = useBrand();
  usePageTitle(`Unsubscribe - ${brand}`);
  const view = useQuery(unsubscribeViewQuery(token));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      {view.isPending && (
        <>
          <h1 className="text-3xl font-black text-ink sm:text-4xl">Unsubscribe</h1>
          <p className="text-muted">Looking up your link…</p>
        </>
      )}
      {view.isError && <BrokenLink message={errorMessage(view.error)} />}
      {view.data && <UnsubscribeForm token={token} view={view.data} />}
      <p className="text-muted">
        <Link to="/home" className={linkStyles}>
          Back to {brand}
        </Link>
      </p>
    </div>
  );
}
