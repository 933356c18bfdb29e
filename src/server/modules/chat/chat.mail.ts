// The mention e-mail (decision 070), for viewers who turned mention e-mails on: who, where, what.
import { button, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';
import type { MentionNoticeData } from './chat-mentions';

export function mentionMail(
  to: string,
  firstName: string,
  mention: MentionNoticeData,
  brand: string,
  publicUrl: string,
): Mail {
  const mail = renderEmail({
    brand,
    publicUrl,
    subject: `${mention.author} mentioned you in chat`,
    preview: mention.text,
    heading: 'You were mentioned in chat',
    greeting: `Hi ${firstName},`,
    blocks: [
      paragraph(`${mention.author} mentioned you in the chat of "${mention.room_title}":`),
      paragraph(`“${mention.text}”`),
      button('Join the chat', `${publicUrl}/live`),
    ],
    signOff: [`The ${brand} team`],
    reason: `You got this e-mail because you asked to hear about mentions of your name in ${brand} chat. You can turn these e-mails off in your notification settings.`,
  });
  return { to, ...mail };
}
