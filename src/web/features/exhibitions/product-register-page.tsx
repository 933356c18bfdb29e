// /product-register: registering a piece bought from us at an exhibition. The booth's link
// (?exhibition=<slug>) preselects the exhibition; a registration lands on its thanks page. With
// &kiosk=1 it is the booth tablet: large controls, nothing prefilled, the number shown big after
// each registration and then a fresh form for the next visitor, and a half-filled form left alone
// for KIOSK_IDLE_SECONDS clears itself.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  EXHIBITION_QUERY,
  EXHIBITION_THANKS_PATH,
  KIOSK_IDLE_SECONDS,
  KIOSK_THANKS_SECONDS,
  PRODUCT_REGISTER_PATH,
  type PublicExhibition,
  type RegistrationSummary,
} from '../../../shared/contract/exhibitions';
import { errorMessage } from '../../api/client';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { activeExhibitionsQuery } from './queries';
import { isKioskSearch } from './kiosk-link';
import { RegistrationForm } from './registration-form';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

/** The exhibition a link names, or why it names none the form can take. */
function fromLink(exhibitions: PublicExhibition[], slug: string) {
  if (!slug) return { id: '', notOpen: false };
  const found = exhibitions.find((exhibition) => exhibition.slug === slug);
  return { id: found ? String(found.id) : '', notOpen: !found };
}

function LoadingOrFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error)
    return (
      <div className="grid place-items-center py-16">
        <Spinner className="size-10 text-primary" label="Loading the exhibitions" />
      </div>
    );
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{errorMessage(error)}</Alert>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Said as the page opens, not announced as news: a plain notice, not a status region. */
const noticeStyles = 'rounded-lg border border-primary/30 bg-primary-soft px-4 py-3 font-bold text-primary-hover';

function NoneOpen() {
  return (
    <p className={noticeStyles}>
      No exhibition is taking registrations just now. If you bought a piece from us at one, please{' '}
      <Link to="/contact-us" className="underline underline-offset-4">
        contact us
      </Link>{' '}
      and we will register it for you.
    </p>
  );
}

function NotOpenNotice({ slug }: { slug: string }) {
  return (
    <p className={noticeStyles}>
      The link you followed is for an exhibition that is not taking registrations (“{slug}”). Choose the exhibition
      where you bought your piece below.
    </p>
  );
}

/** Counts down from `seconds`, once a second, and calls `onDone` at zero. */
function useCountdown(seconds: number, onDone: () => void) {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (left <= 0) {
      done.current();
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return left;
}

function KioskThanks({ summary, onNext }: { summary: RegistrationSummary; onNext: () => void }) {
  const left = useCountdown(KIOSK_THANKS_SECONDS, onNext);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="flex flex-col items-center gap-6 py-6 text-center" aria-labelledby="kiosk-thanks-heading">
      <h2
        id="kiosk-thanks-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-3xl font-black text-ink focus:outline-none"
      >
        Thank you, {summary.first_name}! Your piece is registered.
      </h2>
      <p className="text-lg text-ink">Your registration number</p>
      <p className="rounded-2xl bg-white px-6 py-4 font-mono text-4xl font-black tracking-wider break-all text-primary ring-2 ring-primary sm:text-6xl">
        {summary.number}
      </p>
      <p className="max-w-prose text-lg text-ink">
        We have e-mailed it to {summary.email}, with what happens next. Keep your receipt until our team has checked it.
      </p>
      <Button onClick={onNext} className="min-h-16 px-10 text-xl">
        Next visitor
      </Button>
      <p className="text-muted" aria-live="off">
        This screen clears itself in {left} {left === 1 ? 'second' : 'seconds'}.
      </p>
    </section>
  );
}

/**
 * Clears a half-filled form after KIOSK_IDLE_SECONDS without input: `touch` (any input) starts the
 * wait again, `cancel` stops it (a registration sent, or the form cleared another way).
 */
function useIdleClear(onIdle: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  const touch = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => idle.current(), KIOSK_IDLE_SECONDS * 1000);
  }, []);
  return { touch, cancel };
}

function KioskDesk({ exhibitions, slug }: { exhibitions: PublicExhibition[]; slug: string }) {
  const link = fromLink(exhibitions, slug);
  const [round, setRound] = useState(0);
  const [summary, setSummary] = useState<RegistrationSummary | null>(null);
  const [clearedForIdle, setClearedForIdle] = useState(false);
  const next = useCallback(() => {
    setSummary(null);
    setClearedForIdle(false);
    setRound((value) => value + 1);
    window.scrollTo(0, 0);
  }, []);
  const idle = useIdleClear(() => {
    next();
    setClearedForIdle(true);
  });
  if (summary) return <KioskThanks summary={summary} onNext={next} />;
  return (
    <div
      className="flex flex-col gap-5"
      onInputCapture={idle.touch}
      onChangeCapture={idle.touch}
      onKeyDownCapture={idle.touch}
      onPointerDownCapture={idle.touch}
    >
      {clearedForIdle && <Alert tone="info">The form was cleared for the next visitor.</Alert>}
      {link.notOpen && <NotOpenNotice slug={slug} />}
      {exhibitions.length === 0 ? (
        <NoneOpen />
      ) : (
        <RegistrationForm
          key={round}
          exhibitions={exhibitions}
          initialExhibitionId={link.id}
          prefill={null}
          isKiosk
          onRegistered={(registered) => {
            idle.cancel();
            setSummary(registered);
            window.scrollTo(0, 0);
          }}
        />
      )}
    </div>
  );
}

function WebDesk({ exhibitions, slug }: { exhibitions: PublicExhibition[]; slug: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const link = fromLink(exhibitions, slug);
  return (
    <div className="flex flex-col gap-5">
      {link.notOpen && <NotOpenNotice slug={slug} />}
      {!user && (
        <p className="text-muted">
          Have an account?{' '}
          <Link
            to={loginPathFor(
              `${PRODUCT_REGISTER_PATH}${slug ? `?${EXHIBITION_QUERY}=${encodeURIComponent(slug)}` : ''}`,
            )}
            className={linkStyles}
          >
            Log in
          </Link>{' '}
          first and we fill in your details. Without one, the registration joins your account when you create one with
          the same e-mail.
        </p>
      )}
      {exhibitions.length === 0 ? (
        <NoneOpen />
      ) : (
        <RegistrationForm
          exhibitions={exhibitions}
          initialExhibitionId={link.id}
          prefill={user ? { name: user.full_name.trim(), email: user.email, phone: user.phone } : null}
          isKiosk={false}
          onRegistered={(summary) => void navigate(`${EXHIBITION_THANKS_PATH}/${summary.number}`)}
        />
      )}
    </div>
  );
}

function PageFrame({ isKiosk, children }: { isKiosk: boolean; children: ReactNode }) {
  const brand = useBrand();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Exhibitions</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Register a product</h1>
        <p className="text-lg text-ink">
          {isKiosk
            ? `Bought a piece from ${brand} at this exhibition? Register it here: it takes a minute, and we e-mail you the registration number.`
            : `Bought a piece from ${brand} at a jewelry exhibition? Register it so it is on record under your name. We e-mail you a registration number and our team checks the receipt.`}
        </p>
      </div>
      {children}
    </div>
  );
}

export default function ProductRegisterPage() {
  const [search] = useSearchParams();
  const isKiosk = isKioskSearch(search);
  const slug = (search.get(EXHIBITION_QUERY) ?? '').trim().toLowerCase();
  const { data, error, refetch } = useQuery(activeExhibitionsQuery());
  const Desk = isKiosk ? KioskDesk : WebDesk;
  return (
    <PageFrame isKiosk={isKiosk}>
      {data ? (
        <Desk exhibitions={data} slug={slug} />
      ) : (
        <LoadingOrFailed error={error} onRetry={() => void refetch()} />
      )}
    </PageFrame>
  );
}
