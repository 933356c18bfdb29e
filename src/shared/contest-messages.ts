// What the photo contests say to people (decision 062), for both sides; kept apart from messages.ts
// so the first page's bundle does not carry it.
export const CONTEST_MESSAGES = {
  list: 'Photo contests.',
  detail: 'The contest.',
  counts: 'The counts.',
  notFound: 'We could not find that contest.',
  entryNotFound: 'We could not find that entry.',
  // contestusers
  submitted: 'Thanks! Your photo is waiting for a quick review before it appears in the gallery.',
  replaced: 'Your new photo is waiting for a quick review before it appears in the gallery.',
  notSubmitting: 'This contest is not taking entries right now.',
  entriesFull: 'You have already sent as many entries as this contest allows.',
  approvedLocked: 'This entry is approved and in the gallery, so its photo can no longer be changed.',
  duplicatePhoto: 'This photo is already in the contest. Please send a different photo.',
  photoRequired: 'Choose a photo to send.',
  photoNotImage: 'That file is not a photo we can use. Send a JPEG, PNG, WebP, GIF or AVIF image.',
  photoTooLarge: 'That photo is too large. The limit is 8 MB and 40 megapixels.',
  submitFailed: 'Your photo was not sent.',
  tooManyUploads: 'Too many photos at once. Please try again in a few minutes.',
  // Staff
  staffList: 'Every contest.',
  staffContest: 'The contest.',
  created: 'The contest is saved.',
  updated: 'The contest is updated.',
  showNotFound: 'We could not find that show.',
  resultsFixed: 'The results of this contest are final, so it can no longer be changed.',
  queue: 'The entries.',
  reviewed: 'The entries are reviewed.',
  notInContest: 'Some of those entries are not in this contest. Nothing was changed.',
  closed: 'Voting is closed and the results are final.',
  notStarted: 'This contest has not started yet, so there is nothing to close.',
  log: 'The contest log.',
} as const;
