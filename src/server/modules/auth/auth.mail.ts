// The e-mails the account side sends, in Gemcast's own words, in the branded layout.
import { codeBlock, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';

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
