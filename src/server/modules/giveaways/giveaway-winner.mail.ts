// The e-mail a drawn winner gets at once, beside the notice on their open pages: the prize, the time
// the 5 minutes end (Los Angeles time) and exactly how to claim, by text or call, or in the app,
// in the branded layout (decision 067).
import { SHOW_TIME_ZONE } from '../../../shared/time';
import type { ClaimMode } from '../../../shared/contract/giveaways';
import { button, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';

const clockTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

export type WinnerMailInput = {
  to: string;
  firstName: string;
  giveawayId: number;
  title: string;
  prize: string;
  claimBy: string;
  claimMode: ClaimMode;
  phone: string;
  brand: string;
  publicUrl: string;
};

export function winnerMail(input: WinnerMailInput): Mail {
  const prize = input.prize || input.title;
  const until = clockTime.format(new Date(input.claimBy));
  const page = `${input.publicUrl}/giveaway/${input.giveawayId}`;
  const howTo =
    input.claimMode === 'app'
      ? [
          paragraph(`Claim it with the "Claim my prize" button on the giveaway page before ${until}.`),
          button('Open the giveaway page', page),
        ]
      : [
          paragraph(
            'Text or call us at ',
            { href: `tel:${input.phone.replace(/[^\d+]/g, '')}`, label: input.phone },
            ` before ${until} and tell us your name. Messages in the show chat do not count.`,
          ),
          paragraph('The giveaway page shows the time left.'),
          button('See the time left', page),
        ];
  const mail = renderEmail({
    brand: input.brand,
    publicUrl: input.publicUrl,
    subject: `You won: ${prize}`,
    preview: `Claim it before ${until}.`,
    heading: 'You won!',
    greeting: `Hi ${input.firstName},`,
    blocks: [
      paragraph(`You were drawn as the winner of "${input.title}": ${prize}.`),
      paragraph('You have 5 minutes from the draw to claim it, or we draw again.'),
      ...howTo,
    ],
    signOff: ['Congratulations,', `The ${input.brand} team`],
    reason: `You got this e-mail because you entered this giveaway on ${input.brand}.`,
  });
  return { to: input.to, ...mail };
}
