// The onboarding screen of spec §2, outside the page shell: register, log in by code (default),
// log in by password, forgot password. A logged-in visitor goes on to where they were headed.
// Its own skip link leads past the brand panel to the form.
import { useEffect, useRef } from 'react';
import { Navigate, NavLink, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../ui/alert';
import { cx } from '../../ui/cx';
import { useBrand, useTagline } from '../../shell/site-config';
import { MAIN_ID, SkipLink } from '../../shell/skip-link';
import { Logo } from '../../ui/logo';
import { useAuth } from './auth-store';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginCodeForm } from './login-code-form';
import { LoginPasswordForm } from './login-password-form';
import { secondFactorPathFor } from '../../../shared/second-factor';
import { REDIRECT_PARAM, safeRedirect, withRedirect } from './redirect';
import { RegisterForm } from './register-form';
import { useAuthActions } from './use-auth-actions';

export type OnboardingMode = 'register' | 'login-code' | 'login-password' | 'forgot-password';

const headings = (brand: string): Record<OnboardingMode, string> => ({
  register: 'Create your account',
  'login-code': `Log in to ${brand}`,
  'login-password': 'Log in with your password',
  'forgot-password': 'Reset your password',
});

const PERKS = [
  'Live jewelry shows with hosts you can chat with',
  'A giveaway in every show you enter',
  'Rewards and birthday coupons for viewers',
];

/** An e-mail handed over by the previous screen (router state), to save typing it again. */
function emailFrom(state: unknown): string {
  return typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string'
    ? state.email
    : '';
}

const tabStyles = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex min-h-10 flex-1 items-center justify-center rounded-md font-bold transition-colors',
    isActive ? 'bg-white text-primary shadow-sm' : 'text-muted hover:text-ink',
  );

export function OnboardingPage({ mode }: { mode: OnboardingMode }) {
  const { user, message, error } = useAuth();
  const brand = useBrand();
  const tagline = useTagline();
  const { clear } = useAuthActions();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const redirectTo = searchParams.get(REDIRECT_PARAM);
  const initialEmail = emailFrom(location.state);
  const paths = {
    register: withRedirect('/register', redirectTo),
    loginCode: withRedirect('/login', redirectTo),
    loginPassword: withRedirect('/login/password', redirectTo),
    forgotPassword: withRedirect('/forgot-password', redirectTo),
  };

  // A message belongs to the screen it came from; the first screen keeps it (e.g. "logged out").
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    clear();
  }, [mode, clear]);

  // A staff account's new session passes the second factor first, then goes on (decision 086).
  if (user)
    return (
      <Navigate to={user.is_staff ? secondFactorPathFor(safeRedirect(redirectTo)) : safeRedirect(redirectTo)} replace />
    );

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[5fr_7fr]">
      <SkipLink />
      <header className="bg-linear-to-br from-primary to-secondary px-4 py-5 text-white lg:p-0">
        <div className="lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:justify-between lg:p-12">
          <Logo tone="light" />
          <p className="mt-2 text-white/90 lg:hidden">{tagline}</p>
          <div className="hidden lg:flex lg:flex-col lg:gap-8">
            <p className="text-4xl leading-tight font-black">{tagline}</p>
            <ul className="flex flex-col gap-3 text-lg">
              {PERKS.map((perk) => (
                <li key={perk} className="flex items-start gap-3">
                  <svg viewBox="0 0 20 20" className="mt-1 size-5 shrink-0" aria-hidden="true">
                    <path
                      d="M4 10.5l4 4 8-9"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  {perk}
                </li>
              ))}
            </ul>
          </div>
          <p className="hidden text-sm text-white/80 lg:block">© 2024 {brand}</p>
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex justify-center px-4 py-8 focus:outline-none sm:py-12 lg:items-center"
      >
        <div className="flex w-full max-w-md flex-col gap-6">
          <nav aria-label="Log in or register" className="flex gap-1 rounded-lg bg-line/60 p-1">
            <NavLink to={paths.loginCode} className={tabStyles}>
              Log in
            </NavLink>
            <NavLink to={paths.register} className={tabStyles}>
              Register
            </NavLink>
          </nav>
          <h1 className="text-3xl font-black text-ink">{headings(brand)[mode]}</h1>
          {message && <Alert tone={error ? 'error' : 'info'}>{message}</Alert>}
          {mode === 'register' && <RegisterForm loginPath={paths.loginCode} />}
          {mode === 'login-code' && (
            <LoginCodeForm initialEmail={initialEmail} passwordLoginPath={paths.loginPassword} />
          )}
          {mode === 'login-password' && (
            <LoginPasswordForm
              initialEmail={initialEmail}
              codeLoginPath={paths.loginCode}
              forgotPasswordPath={paths.forgotPassword}
            />
          )}
          {mode === 'forgot-password' && (
            <ForgotPasswordForm initialEmail={initialEmail} loginPath={paths.loginPassword} />
          )}
        </div>
      </main>
    </div>
  );
}
