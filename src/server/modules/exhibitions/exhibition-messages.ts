// What the exhibitions calls answer (decision 074): the envelope's messages and each field's
// refusal, in one place for the public form and the staff pages.
export const EXHIBITION_MESSAGES = {
  list: 'Exhibitions taking registrations.',
  registered: 'Thank you! Your piece is registered.',
  summary: 'Your registration.',
  notFound: 'We could not find a registration with that number.',
  exhibitionClosed: 'This exhibition is not taking registrations. Choose another one.',
  kindNotOffered: 'Choose one of the kinds of piece sold at this exhibition.',
  dateOutside: (startsOn: string, endsOn: string) =>
    startsOn === endsOn
      ? `The exhibition was on ${startsOn}; enter the date you bought the piece there.`
      : `The exhibition ran from ${startsOn} to ${endsOn}; enter a date within those days.`,
  dateInFuture: 'The purchase date cannot be later than today.',
  alreadyRegistered: (who: string, email: string) =>
    `This receipt is already registered for this exhibition, by ${who} (${email}). If that was not you, contact us.`,
  photoNotImage: 'That file is not a photo we can use. Send a JPEG, PNG, WebP, GIF or AVIF image of your receipt.',
  photoTooLarge: 'That photo is too large. The limit is 8 MB and 40 megapixels.',
  notSent: 'Your registration was not sent.',
  notMultipart: 'Send the registration form as multipart/form-data.',
  tooManyRegistrations: 'Too many registrations from this connection. Please try again later.',
  tooManyLookups: 'Too many look-ups from this connection. Please try again later.',
  // Staff
  staffList: 'Every exhibition.',
  created: 'The exhibition is saved.',
  updated: 'The exhibition is updated.',
  exhibitionNotFound: 'We could not find that exhibition.',
  slugTaken: 'Another exhibition already uses this short link. Choose another name.',
  qr: 'The booth’s QR code.',
  registrations: 'Registrations.',
  registration: 'The registration.',
  registrationNotFound: 'We could not find that registration.',
  verified: 'The registration is marked verified.',
  unverified: 'The registration is no longer marked verified.',
} as const;
