// The e-mails the account side sends, in Gemcast's own words, in the branded layout.
import { button, codeBlock, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';
import { laDateTime, type PasswordNoticeData, type SignInNoticeData } from './account-notices';

// The greeting names nobody: in code mode the name is whatever the registering person typed.
export function codeMail(to: string, code: string, purpose: 'login' | 'reset', publicUrl = ''): Mail {
  const login = purpose === 'login';
  const intro = login
    ? 'Here is your code to log in to Gemcast:'
    : 'Someone (hopefully you) asked to reset the password of your Gemcast account. Your reset code is:';
  const subject = login ? `Your Gemcast login code: ${code}` : `Your Gemcast password reset code: ${code}`;
  const mail = renderEmail({
    brand: 'Gemcast',
    publicUrl,
    subject,
    preview: `${login ? 'Your login code' : 'Your reset code'} is ${code}. It expires in 10 minutes.`,
    heading: login ? 'Your login code' : 'Reset your password',
    greeting: 'Hello from Gemcast,',
    blocks: [
      paragraph(intro),
      codeBlock(code, login ? 'Login code' : 'Reset code'),
      paragraph(
        'It works once and expires in 10 minutes. If you did not ask for it, you can ignore this e-mail: nobody can use it without access to your inbox.',
      ),
    ],
    signOff: ['See you at the next show!', 'The Gemcast team'],
    reason: login
      ? 'You got this e-mail because someone asked for a login code for this address.'
      : 'You got this e-mail because someone asked to reset the password of the account with this address.',
  });
  return { to, ...mail };
}

/** A sign-in from a browser the account had not used (decision 070): when, what, roughly where, what to do. */
export function signInMail(
  to: string,
  firstName: string,
  notice: SignInNoticeData,
  brand: string,
  publicUrl: string,
): Mail {
  const when = laDateTime(notice.at);
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `New sign-in to your ${brand} account`,
    preview: `${notice.browser} signed in on ${when}.`,
    heading: 'New sign-in to your account',
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(`Someone just signed in to your ${brand} account from a browser or place it had not used before:`),
      paragraph(`When: ${when}`),
      paragraph(`Browser: ${notice.browser}`),
      paragraph(`From: ${notice.place}`),
      paragraph('If this was you, there is nothing to do: enjoy the show!'),
      paragraph(
        'If it was not you, reset your password right away. A new password signs out every browser, including the one that just signed in.',
      ),
      button('Reset my password', `${publicUrl}/forgot-password`),
    ],
    signOff: [`The ${brand} team`],
    reason: `You got this security notice because someone signed in to your ${brand} account. We always send these, whatever your e-mail settings.`,
  });
  return { to, ...mail };
}

/** The password of the account was changed (a reset with an e-mailed code). */
export function passwordChangedMail(
  to: string,
  firstName: string,
  notice: PasswordNoticeData,
  brand: string,
  publicUrl: string,
): Mail {
  const when = laDateTime(notice.at);
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `Your ${brand} password was changed`,
    preview: `Your password was changed on ${when}.`,
    heading: 'Your password was changed',
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(`The password of your ${brand} account was changed on ${when}, and every browser was signed out.`),
      paragraph('If this was you, you are all set: sign in with your new password next time.'),
      paragraph(
        'If it was not you, someone can read your e-mail or knew a reset code. Reset your password again now, and change your e-mail password too.',
      ),
      button('Reset my password', `${publicUrl}/forgot-password`),
    ],
    signOff: [`The ${brand} team`],
    reason: `You got this security notice because the password of your ${brand} account changed. We always send these, whatever your e-mail settings.`,
  });
  return { to, ...mail };
}
