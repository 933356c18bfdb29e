// What the guessing game says to people (decision 058), for both sides; kept apart from messages.ts
// so the first page's bundle does not carry it.
export const GUESS_MESSAGES = {
  current: 'The guessing game for this show.',
  noQuestion: 'There is no guessing question for this show yet.',
  notFound: 'We could not find that question.',
  guessed: 'Got it! We will reveal the answer when the question closes.',
  alreadyGuessed: 'You have already guessed on this question. One guess each!',
  closed: 'Guessing has closed for this question.',
  badNumber: 'Enter a number, with up to 4 decimal places.',
  // Staff
  opened: 'The question is open for guesses.',
  stillOpen: 'This show already has an open question. Close or reveal it first.',
  notLiveShow: 'Questions can only be asked during a live show.',
  closesInPast: 'The closing time must be in the future, within 6 hours.',
  closedEarly: 'The question is closed. Reveal the answer when you are ready.',
  alreadyClosed: 'This question has already closed.',
  revealed: 'The answer is revealed and the winners have their points.',
  stillGuessing: 'The question is still open. Close it before revealing the answer.',
  list: "This show's questions.",
  // The chat room's announcement
  announceWinners: 'The answer was {answer}. Congratulations {names}!',
  announceNoWinner: 'The answer was {answer}. Nobody guessed this time.',
} as const;
