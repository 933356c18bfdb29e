// /staff/exhibitions/registrations/:id: one product registration with everything the visitor gave,
// the receipt photo, and marking the receipt verified (or taking that back).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffRegistrationDetail } from '../../../../shared/contract/exhibitions';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button, buttonStyles } from '../../../ui/button';
import { eventIdFrom } from '../../events/queries';
import { dayWords, priceWords } from '../../exhibitions/exhibition-words';
import { LoadState } from '../load-state';
import { laTime } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { registrationQuery, useVerifyRegistration } from './queries';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-line py-2.5 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="shrink-0 font-bold text-muted sm:w-44">{term}</dt>
      <dd className="min-w-0 text-ink wrap-anywhere">{children}</dd>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Verification({ registration }: { registration: StaffRegistrationDetail }) {
  const verify = useVerifyRegistration(registration.id);
  const isVerified = registration.verified_at !== null;
  return (
    <section
      aria-labelledby="verify-heading"
      className="flex flex-col items-start gap-3 rounded-xl border border-line bg-white p-4"
    >
      <h2 id="verify-heading" className="text-lg font-black text-ink">
        Receipt check
      </h2>
      <p role="status" className="text-ink">
        {isVerified && registration.verified_at
          ? `Verified by ${registration.verified_by ?? 'a staff member'} on ${laTime(registration.verified_at)}.`
          : 'Not verified yet.'}
      </p>
      <Button
        variant={isVerified ? 'outline' : 'primary'}
        isBusy={verify.isPending}
        onClick={() => verify.mutate(!isVerified)}
      >
        {isVerified ? 'Mark as not verified' : 'Mark as verified'}
      </Button>
      {verify.isError && <Alert tone="error">{errorMessage(verify.error)}</Alert>}
    </section>
  );
}

function Registration({ registration }: { registration: StaffRegistrationDetail }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <Link
          to={`/staff/exhibitions/registrations?exhibition_id=${registration.exhibition_id}`}
          className="self-start font-bold text-primary underline underline-offset-4"
        >
          Registrations at {registration.exhibition}
        </Link>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">
          Registration <span className="font-mono">{registration.number}</span>
        </h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <dl className="rounded-xl border border-line bg-white px-4 py-1">
          <Row term="Exhibition">{registration.exhibition}</Row>
          <Row term="Piece">
            {registration.product_kind}: {registration.description}
          </Row>
          <Row term="Price paid">{priceWords(registration.price_cents)}</Row>
          <Row term="Receipt number">{registration.receipt_number}</Row>
          <Row term="Date of purchase">{dayWords(registration.purchase_date)}</Row>
          <Row term="Name">{registration.name}</Row>
          <Row term="E-mail">{registration.email}</Row>
          <Row term="Phone">{registration.phone}</Row>
          <Row term="May contact them">{yesNo(registration.contact_consent)}</Row>
          <Row term="Newsletter opt-in">{yesNo(registration.marketing_opt_in)}</Row>
          <Row term="Account">
            {registration.user_id === null ? 'Not on an account yet' : `Account ${registration.user_id}`}
          </Row>
          <Row term="Registered">
            {laTime(registration.created_at)} ({registration.source === 'kiosk' ? 'booth tablet' : 'website'})
          </Row>
        </dl>
        <div className="flex flex-col gap-6">
          <Verification registration={registration} />
          <section aria-labelledby="photo-heading" className="flex flex-col gap-3">
            <h2 id="photo-heading" className="text-lg font-black text-ink">
              Receipt photo
            </h2>
            {registration.receipt_photo ? (
              <a href={registration.receipt_photo} target="_blank" rel="noreferrer" className="block">
                <img
                  src={registration.receipt_photo}
                  alt={`Receipt ${registration.receipt_number} sent with registration ${registration.number}`}
                  className="w-full rounded-lg bg-white object-contain ring-1 ring-line"
                />
              </a>
            ) : (
              <p className="text-muted">No photo was sent with this registration.</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

export default function StaffRegistrationPage() {
  const id = eventIdFrom(useParams().id) ?? 0;
  const query = useQuery(registrationQuery(id));
  if (query.error instanceof ApiError && query.error.httpStatus === 403) return <StaffOnly what="exhibitions" />;
  if (id === 0 || (query.error instanceof ApiError && query.error.httpStatus === 404)) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-black text-ink">We could not find that registration</h1>
        <Link to="/staff/exhibitions/registrations" className={buttonStyles('primary')}>
          All registrations
        </Link>
      </div>
    );
  }
  if (query.data) return <Registration registration={query.data} />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <LoadState
        error={query.error}
        isPending={query.isPending}
        onRetry={() => void query.refetch()}
        loadingLabel="Loading the registration"
      />
    </div>
  );
}
