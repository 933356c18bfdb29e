// The e-mails the account side sends, in Gemcast's own words.
import type { Mail } from '../../platform/mail';

// The greeting names nobody: in code mode the name is whatever the registering person typed.
export function codeMail(to: string, code: string, purpose: 'login' | 'reset'): Mail {
  const intro =
    purpose === 'login'
      ? 'Here is your code to log in to Gemcast:'
      : 'Someone (hopefully you) asked to reset the password of your Gemcast account. Your reset code is:';
  const subject =
    purpose === 'login' ? `Your Gemcast login code: ${code}` : `Your Gemcast password reset code: ${code}`;
  const text = [
    'Hello from Gemcast,',
    '',
    intro,
    '',
    `    ${code}`,
    '',
    'It works once and expires in 10 minutes. If you did not ask for it, you can ignore this e-mail: nobody can use it without access to your inbox.',
    '',
    'See you at the next show!',
    'The Gemcast team',
  ].join('\n');
  return { to, subject, text };
}
