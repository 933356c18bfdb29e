// The double opt-in e-mail (decision 072): one message with one link that confirms everything the
// subscriber just chose, in the branded layout (decision 067).
import { button, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';

export type ConfirmationChoice = { label: string };

export function confirmationMail(
  to: string,
  name: string,
  choices: ConfirmationChoice[],
  link: string,
  brand: string,
  publicUrl: string,
): Mail {
  const labels = choices.map((c) => c.label);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `Please confirm your ${brand} subscription`,
    preview: `One click and you're in: ${list}.`,
    heading: 'Confirm your subscription',
    greeting: name ? `Hi ${name},` : 'Hello from Gemcast,',
    blocks: [
      paragraph(`You asked us to send ${list} to this address. Please confirm it's you:`),
      button('Yes, subscribe me', link),
      paragraph(
        'The link works once, for 48 hours. If you did not ask for this, ignore this e-mail: nothing is sent to an address until it is confirmed.',
      ),
    ],
    signOff: ['See you at the next show!', `The ${brand} team`],
    reason: 'You got this e-mail because someone entered this address in a subscribe form on our site.',
  });
  return { to, ...mail };
}
