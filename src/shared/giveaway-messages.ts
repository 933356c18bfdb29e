// What the giveaway and spin calls say to people, in one place for both sides (kept apart from
// messages.ts so the first page's bundle does not carry them), and the ledger's wording.
import type { SocialClickType } from './contract/giveaways';

export const GIVEAWAY_MESSAGES = {
  notFound: 'We could not find that giveaway.',
  entered: "You're in! Good luck in the draw.",
  alreadyEntered: 'You have already entered this giveaway. Come back for the next show to enter again.',
  notOpenYet: 'This giveaway is not open yet. Entries open when the giveaway starts.',
  closed: 'This giveaway has closed. A new giveaway comes with every live show.',
  privateGiveaway: 'This giveaway is private. Enter the access code you were given to take part.',
  wrongCode: 'That access code is not right for this giveaway.',
  codeTriesPaused: 'Too many wrong access codes. Please wait a few minutes before trying again.',
  enrolled: 'You have entered this giveaway.',
  notEnrolled: 'You have not entered this giveaway yet.',
  enterFirst: 'Enter the giveaway first; sharing then adds bonus entries.',
  bonusAdded: 'Bonus entry added. Thanks for sharing!',
  bonusAlready: 'You already have the bonus entry for sharing there.',
  socialClosed: 'Bonus entries are only added while the giveaway is open.',
  notYourLink: 'This link was sent to another account. Log in with the address it was sent to.',
  noneOpen: 'No giveaway is open right now. See you at the next show!',
  bannerCounted: 'OK',
  termsNotFound: 'We could not find the terms of that giveaway.',

  spinDone: 'The wheel has spoken!',
  spinAlready: 'You have already spun for this one. Here is what you won.',
  spinRsvpFirst: 'RSVP to this show first, then spin to win.',
  spinEnterFirst: 'Enter this giveaway first, then spin to win.',
  spinNoWheel: 'There is no spin to win for this one.',
  spinNotShow: 'RSVP spins are for shows and special events.',
  spinNotGiveaway: 'This is not a giveaway.',
  spinChecked: 'OK',

  saved: 'Saved. Viewers see the change right away.',
  prizesSaved: 'The prize wheel has been saved.',
  notAGiveaway: 'That event is not a giveaway.',
  showNotFound: 'show_id must be the id of a show.',
  windowLocked: 'Winners have been drawn, so the entry window can no longer change.',
  typeLocked: 'Winners have been drawn, so this event stays a giveaway.',
  codeForPrivate: 'A private giveaway needs an access code so invited viewers can enter.',
  drawBeforeClose: 'Entries are still open. Close the giveaway (end it) before drawing.',
  drawPending: 'Resolve the current pick first: confirm the claim, forfeit it, or respin a repeat winner.',
  drawComplete: 'Every winner of this giveaway has been drawn.',
  drawEmpty: 'There are no entries left to draw from.',
  drawRace: 'Another staff member just drew. The screen now shows their pick.',
  drawn: (name: string) => `${name} is the winner! They have 5 minutes to message in.`,
  repeatWinner: (name: string) => `${name} already won in this show. Respin for a new winner.`,
  notRepeat: 'Only a repeat winner gets a respin.',
  pickNotFound: 'We could not find that pick in this giveaway.',
  notPending: 'That pick is not waiting for a claim.',
  claimed: (name: string) => `${name} has claimed the prize.`,
  stillInWindow: (seconds: number) =>
    `The winner still has ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''} to message in.`,
  forfeited: 'The pick has been forfeited.',
  announced: 'Winners are now shown publicly (first name and last initial).',
  unannounced: 'Winners are no longer shown publicly.',

  drawRead: 'The draw as it stands.',
  claimedByYou: 'Your prize is claimed. Congratulations! We will be in touch about delivery.',
  claimNotYours: 'Only the winner can claim this prize.',
  claimAlready: 'You have already claimed this prize.',
  claimByText: 'This prize is claimed by text or call, not in the app.',
  claimTooLate: 'The 5 minutes to claim this prize have passed.',
} as const;

const CLICK_TYPE_NAMES: Record<SocialClickType, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  pinterest: 'Pinterest',
  whatsapp: 'WhatsApp',
  email: 'e-mail',
  link: 'your link',
};

export const clickTypeName = (type: SocialClickType) => CLICK_TYPE_NAMES[type];
export const ENTRY_LEDGER_LABEL = '1 entry for entering';
export const socialLedgerLabel = (type: SocialClickType) => {
  if (type === 'email') return '+1 for sharing by e-mail';
  if (type === 'link') return '+1 for sharing your link';
  if (type === 'instagram') return '+1 for your Instagram story';
  return `+1 for sharing on ${CLICK_TYPE_NAMES[type]}`;
};
