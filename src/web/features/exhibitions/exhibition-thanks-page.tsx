// /exhibition-thanks/<number>: the summary of a product registration (what, where, price, date,
// the masked e-mail) and what happens next; an unknown number says so with a way back.
// /exhibition-thanks alone is the generic thanks to someone we met at an exhibition.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  PRODUCT_REGISTER_PATH,
  REGISTRATION_NUMBER,
  type RegistrationSummary,
} from '../../../shared/contract/exhibitions';
import { ApiError, errorMessage } from '../../api/client';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useAuth } from '../auth/auth-store';
import { dayWords, priceWords } from './exhibition-words';
import { registrationSummaryQuery } from './queries';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-5 px-4 py-12 sm:py-16">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Exhibitions</p>
      {children}
    </section>
  );
}

function GenericThanks() {
  const brand = useBrand();
  const { user } = useAuth();
  return (
    <Frame>
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">Thank you for visiting us</h1>
      <p className="text-lg text-ink">
        It was a pleasure to meet you at the exhibition. Between exhibitions, {brand} is live online: watch our shows,
        enter the giveaways and collect rewards.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/home" className={buttonStyles('primary')}>
          See upcoming shows
        </Link>
        {!user && (
          <Link to="/register" className={buttonStyles('outline')}>
            Create your account
          </Link>
        )}
        <Link to={PRODUCT_REGISTER_PATH} className={buttonStyles('ghost')}>
          Register a product
        </Link>
      </div>
    </Frame>
  );
}

function NotFound() {
  return (
    <Frame>
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">We could not find that registration</h1>
      <p className="text-lg text-ink">
        The registration number in this link is not one we have. Check it against the number in your confirmation
        e-mail, or register your piece again.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={PRODUCT_REGISTER_PATH} className={buttonStyles('primary')}>
          Register a product
        </Link>
        <Link to="/contact-us" className={buttonStyles('ghost')}>
          Contact us
        </Link>
      </div>
    </Frame>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-line py-2.5 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="shrink-0 font-bold text-muted sm:w-40">{term}</dt>
      <dd className="min-w-0 text-ink wrap-anywhere">{children}</dd>
    </div>
  );
}

function Summary({ summary }: { summary: RegistrationSummary }) {
  return (
    <Frame>
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">
        Thank you, {summary.first_name}: your piece is registered
      </h1>
      <p className="flex flex-col gap-1 rounded-xl bg-white px-4 py-3 ring-1 ring-line">
        <span className="text-sm font-bold text-muted">Registration number</span>
        <span className="font-mono text-2xl font-black tracking-wider text-primary">{summary.number}</span>
      </p>
      <dl className="w-full rounded-xl bg-white px-4 py-1 ring-1 ring-line">
        <Row term="Piece">
          {summary.product_kind}: {summary.description}
        </Row>
        <Row term="Bought at">
          {summary.exhibition.name}, {summary.exhibition.venue}, {summary.exhibition.city}
        </Row>
        <Row term="Date of purchase">
          <time dateTime={summary.purchase_date}>{dayWords(summary.purchase_date)}</time>
        </Row>
        <Row term="Price paid">{priceWords(summary.price_cents)}</Row>
        <Row term="Receipt photo">{summary.has_receipt_photo ? 'Received' : 'None sent'}</Row>
        <Row term="Status">
          {summary.verified ? 'Checked by our team' : 'Waiting for our team to check the receipt'}
        </Row>
      </dl>
      <p className="text-ink">
        A confirmation e-mail with this number is on its way to <span className="font-bold">{summary.email}</span>.
      </p>
      <h2 className="text-xl font-black text-ink">What happens next</h2>
      <ul className="flex list-disc flex-col gap-2 pl-5 text-ink marker:text-secondary">
        <li>
          Our team checks your receipt against the exhibition&apos;s sales and marks the registration as verified. Keep
          the receipt until then.
        </li>
        {summary.on_account ? (
          <li>The registration is on your account.</li>
        ) : (
          <li>
            To keep it on an account,{' '}
            <Link to="/register" className={linkStyles}>
              create one
            </Link>{' '}
            or{' '}
            <Link to="/login" className={linkStyles}>
              log in
            </Link>{' '}
            with the same e-mail address: the registration joins it.
          </li>
        )}
        {summary.newsletter_confirmation_sent && (
          <li>You asked for our newsletter: open the link in the e-mail we sent to confirm it.</li>
        )}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Link to="/home" className={buttonStyles('primary')}>
          See upcoming shows
        </Link>
        <Link to={PRODUCT_REGISTER_PATH} className={buttonStyles('ghost')}>
          Register another piece
        </Link>
      </div>
    </Frame>
  );
}

function RegistrationThanks({ number }: { number: string }) {
  const { data, error, refetch } = useQuery(registrationSummaryQuery(number));
  if (data) return <Summary summary={data} />;
  if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400)) return <NotFound />;
  return (
    <Frame>
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">Your registration</h1>
      {error ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{errorMessage(error)}</Alert>
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid w-full place-items-center py-12">
          <Spinner className="size-10 text-primary" label="Loading your registration" />
        </div>
      )}
    </Frame>
  );
}

export default function ExhibitionThanksPage() {
  const { id } = useParams();
  if (id === undefined) return <GenericThanks />;
  const number = id.trim().toUpperCase();
  return REGISTRATION_NUMBER.test(number) ? <RegistrationThanks number={number} /> : <NotFound />;
}
