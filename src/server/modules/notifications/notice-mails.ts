// The e-mails of the show, giveaway and contest notices (decision 069), in Gemcast's words and the
// branded layout (decision 067). Each takes what its notification's data holds and the recipient as
// they are now; a subscriber without a name is greeted without one.
import { SHOW_TIME_ZONE } from '../../../shared/time';
import { button, paragraph, renderEmail } from '../../platform/email/layout';
import type { Mail } from '../../platform/mail';
import type { ContestResultData } from '../contests/contest-result-notices';
import { ordinal } from '../contests/contest-result-notices';
import { activityPhrase, type SubmissionActivityData } from '../contests/submission-digest';
import type { GiveawayResultData } from '../giveaways/giveaway-result-notices';
import type { Recipient, Site } from './notification-renderers';
import type { ShowLiveData } from './show-live';

const greeting = (to: Recipient) => (to.first_name.trim() ? `Hi ${to.first_name},` : 'Hi there,');

const endTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Live now": the show is on air; `fromAlerts` for an e-mail subscriber, who can only have asked for alerts. */
export function showLiveMail(to: Recipient, show: ShowLiveData, site: Site, fromAlerts: boolean): Mail {
  const mail = renderEmail({
    brand: site.brand,
    publicUrl: site.publicUrl,
    subject: `Live now: ${show.title}`,
    preview: `We're on air until ${endTime.format(new Date(show.cust_end))}.`,
    heading: "We're live",
    greeting: greeting(to),
    blocks: [
      paragraph(`"${show.title}" is on air right now, until ${endTime.format(new Date(show.cust_end))}.`),
      paragraph('Come say hello in the chat, and keep an eye out for giveaways during the show.'),
      button('Watch now', `${site.publicUrl}/live`),
    ],
    signOff: ['See you there,', `The ${site.brand} team`],
    reason: fromAlerts
      ? `You got this e-mail because you asked ${site.brand} for show alerts.`
      : `You got this e-mail because you saved a seat for this show or asked for show alerts on ${site.brand}.`,
  });
  return { to: to.email, ...mail };
}

/** "The winner has been drawn", for the entrants who did not win this pick. */
export function giveawayDrawnMail(
  to: Recipient,
  result: Extract<GiveawayResultData, { role: 'entrant' }>,
  site: Site,
): Mail {
  const mail = renderEmail({
    brand: site.brand,
    publicUrl: site.publicUrl,
    subject: `Winner drawn: ${result.title}`,
    preview: `Thank you for entering.`,
    heading: 'The winner has been drawn',
    greeting: greeting(to),
    blocks: [
      paragraph(`We drew the winner of "${result.title}" (${result.prize}): congratulations to ${result.winner}.`),
      paragraph('It was not you this time, but there is a giveaway in almost every show. Thank you for entering.'),
      button('See the draw', `${site.publicUrl}/giveaway/${result.giveaway_id}`),
    ],
    signOff: ['Good luck next time,', `The ${site.brand} team`],
    reason: `You got this e-mail because you entered this giveaway on ${site.brand}.`,
  });
  return { to: to.email, ...mail };
}

/** A contest's result: the place and prize for a winner, thanks for everyone else. */
export function contestResultMail(to: Recipient, result: ContestResultData, site: Site): Mail {
  const page = `${site.publicUrl}/contest/${result.contest_id}`;
  const won = result.place !== null;
  const place = won ? ordinal(result.place ?? 0) : '';
  const mail = renderEmail({
    brand: site.brand,
    publicUrl: site.publicUrl,
    subject: won ? `You placed ${place} in ${result.title}` : `Results are in: ${result.title}`,
    preview: won ? 'Congratulations on your entry.' : 'See the winning entries.',
    heading: won ? `You placed ${place}!` : 'The results are in',
    greeting: greeting(to),
    blocks: won
      ? [
          paragraph(
            result.prize
              ? `Your entry placed ${place} in "${result.title}" and wins ${result.prize}.`
              : `Your entry placed ${place} in "${result.title}".`,
          ),
          paragraph(
            result.points > 0
              ? `The ${result.points} reward points are already in your account.`
              : 'We will be in touch about your prize.',
          ),
          button('See the results', page),
        ]
      : [
          paragraph(`Voting has closed in "${result.title}" and the winners have been chosen.`),
          paragraph('Your entry did not place this time. Thank you for taking part; we loved seeing it.'),
          button('See the winning entries', page),
        ],
    signOff: won ? ['Congratulations,', `The ${site.brand} team`] : ['Thank you,', `The ${site.brand} team`],
    reason: `You got this e-mail because you entered this contest on ${site.brand}.`,
  });
  return { to: to.email, ...mail };
}

/** The hourly digest of likes and votes on the recipient's contest entries. */
export function submissionActivityMail(to: Recipient, activity: SubmissionActivityData, site: Site): Mail {
  const phrase = activityPhrase(activity);
  const mail = renderEmail({
    brand: site.brand,
    publicUrl: site.publicUrl,
    subject: `Your entries got ${phrase}`,
    preview: 'People are noticing your photos.',
    heading: 'Your entries are getting noticed',
    greeting: greeting(to),
    blocks: [
      paragraph(`Since our last note, your contest entries got ${phrase}.`),
      paragraph('We add them up and write at most once an hour.'),
      button('See your entries', `${site.publicUrl}/contests`),
    ],
    signOff: [`The ${site.brand} team`],
    reason: `You got this e-mail because you entered a photo contest on ${site.brand}.`,
  });
  return { to: to.email, ...mail };
}
