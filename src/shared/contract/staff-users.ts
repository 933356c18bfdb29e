// Staff user management (issue 21, decision 089): search viewers by name, e-mail or phone, open one
// (profile, state, activity, sessions), grant or revoke staff, deactivate and reactivate, end a
// session, export everything stored about a viewer, and erase a viewer on request.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { queryId } from './ids';

export const USERS_PAGE_SIZE = 25;
/** Each activity list shows the newest this many rows, with the full count beside it. */
export const ACTIVITY_ROWS = 20;
export const SEARCH_MAX = 100;
/** Typed in the erase dialog instead of the viewer's e-mail address. */
export const ERASE_WORD = 'ERASE';
/** The name an erased account is shown with. */
export const ERASED_NAME = 'Erased viewer';
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

export const USER_FILTERS = ['all', 'staff', 'deactivated'] as const;

/** The export of one viewer, downloaded as JSON (not an envelope). */
export const USER_EXPORT_PATH = '/api/staff/users/:id/export';

export const STAFF_USER_MESSAGES = {
  found: 'Viewers found.',
  detail: 'Viewer details.',
  granted: 'Staff rights granted. They need an authenticator before staff pages open for them.',
  revoked: 'Staff rights removed.',
  deactivated: 'Account switched off. Their sessions and chat have ended.',
  reactivated: 'Account switched back on. They can log in again.',
  sessionEnded: 'Session ended.',
  erased: 'Personal details erased. Draws and points records stay, without a name.',
  notSelf: 'You cannot do this to your own account.',
  lastStaff: 'This is the last staff account, so it keeps its staff rights.',
  staffFirst: 'Remove their staff rights first.',
  erasedAlready: 'This account has been erased.',
  confirmErase: 'Type the viewer’s e-mail address or ERASE to confirm.',
  noSession: 'That session has already ended.',
  alreadyStaff: 'They are staff already.',
  notStaff: 'They are not staff.',
  alreadyOff: 'This account is already switched off.',
  alreadyOn: 'This account is already on.',
} as const;

export const UserParams = z.object({ id: queryId('id') });
export const SessionParams = z.object({ id: queryId('id'), sessionId: queryId('sessionId') });

export const UserSearchQuery = z.object({
  /** Part of a name, an e-mail address or a phone number (any punctuation); empty lists everyone. */
  q: z.string().trim().max(SEARCH_MAX, `Search with at most ${SEARCH_MAX} characters.`).default(''),
  filter: z.enum(USER_FILTERS).default('all'),
  page: z.coerce
    .number<number | string>({ error: 'page is a number.' })
    .int('page is a number.')
    .min(1, 'page is a number.')
    .max(100_000, 'page is a number.')
    .default(1),
});
export type UserSearchQuery = z.input<typeof UserSearchQuery>;

export const UserSummary = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string(),
  is_staff: z.boolean(),
  /** Able to sign in: confirmed and not switched off. */
  is_active: z.boolean(),
  deactivated_at: z.string().nullable(),
  erased_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserSearchPage = z.object({
  users: z.array(UserSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type UserSearchPage = z.infer<typeof UserSearchPage>;

const Person = z.object({ id: z.number().int(), name: z.string() });

export const UserProfile = UserSummary.extend({
  middle_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip: z.string(),
  recipient_name: z.string(),
  birthday: z.string().nullable(),
  anniversary: z.string().nullable(),
  profile_picture: z.string().nullable(),
  my_invite_code: z.string(),
  invited_code: z.string().nullable(),
  updated_at: z.string(),
});

export const UserState = z.object({
  is_active: z.boolean(),
  /** Made in code mode and not yet confirmed by a first code login. */
  is_unconfirmed: z.boolean(),
  is_staff: z.boolean(),
  deactivated_at: z.string().nullable(),
  deactivated_by: Person.nullable(),
  erased_at: z.string().nullable(),
  /** The account is the caller's own: the actions on it are refused. */
  is_self: z.boolean(),
});

const Listed = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });

export const UserActivity = z.object({
  rsvps: Listed(
    z.object({ event_id: z.number().int(), title: z.string(), rsvp_type: z.string(), created_at: z.string() }),
  ),
  checkins: Listed(
    z.object({ event_id: z.number().int(), title: z.string(), reachby: z.string(), created_at: z.string() }),
  ),
  entries: Listed(
    z.object({
      giveaway_id: z.number().int(),
      title: z.string(),
      entry_from: z.string(),
      created_at: z.string(),
    }),
  ),
  wins: Listed(
    z.object({ giveaway_id: z.number().int(), title: z.string(), status: z.string(), drawn_at: z.string() }),
  ),
  sanctions: Listed(
    z.object({
      kind: z.enum(['mute', 'ban']),
      room: z.string().nullable(),
      until: z.string().nullable(),
      created_at: z.string(),
      lifted_at: z.string().nullable(),
    }),
  ),
  points: z.object({
    balance: z.number().int(),
    recent: z.array(
      z.object({
        seq: z.number().int(),
        points: z.number().int(),
        reason: z.string(),
        note: z.string(),
        state: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
});
export type UserActivity = z.infer<typeof UserActivity>;

/** A login session as staff see it: dates and the second factor, never the token or its hash. */
export const UserSession = z.object({
  id: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  second_factor_at: z.string().nullable(),
  second_factor_method: z.string().nullable(),
  /** The session this call was made with. */
  is_current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

export const UserDetail = z.object({
  profile: UserProfile,
  state: UserState,
  activity: UserActivity,
  sessions: z.array(UserSession),
});
export type UserDetail = z.infer<typeof UserDetail>;

export const EraseRequest = z.object({
  /** The viewer's e-mail address (any case) or ERASE. */
  confirm: z.string().trim().min(1, STAFF_USER_MESSAGES.confirmErase).max(254, STAFF_USER_MESSAGES.confirmErase),
});
export type EraseRequest = z.input<typeof EraseRequest>;

/** Whether the typed confirmation matches: the account's e-mail (any case) or ERASE. */
export function confirmsErase(typed: string, email: string): boolean {
  const value = typed.trim();
  return value === ERASE_WORD || value.toLowerCase() === email.toLowerCase();
}

export const staffUserCalls = {
  search: defineCall({
    method: 'GET',
    path: '/api/staff/users',
    query: UserSearchQuery,
    response: envelopeOf(UserSearchPage),
  }),
  detail: defineCall({
    method: 'GET',
    path: '/api/staff/users/:id',
    params: UserParams,
    response: envelopeOf(UserDetail),
  }),
  grantStaff: defineCall({
    method: 'POST',
    path: '/api/staff/users/:id/grant-staff',
    params: UserParams,
    response: envelopeOf(UserDetail),
  }),
  revokeStaff: defineCall({
    method: 'POST',
    path: '/api/staff/users/:id/revoke-staff',
    params: UserParams,
    response: envelopeOf(UserDetail),
  }),
  deactivate: defineCall({
    method: 'POST',
    path: '/api/staff/users/:id/deactivate',
    params: UserParams,
    response: envelopeOf(UserDetail),
  }),
  reactivate: defineCall({
    method: 'POST',
    path: '/api/staff/users/:id/reactivate',
    params: UserParams,
    response: envelopeOf(UserDetail),
  }),
  endSession: defineCall({
    method: 'POST',
    path: '/api/staff/users/:id/sessions/:sessionId/end',
    params: SessionParams,
    response: envelopeOf(UserDetail),
  }),
  erase: defineCall({
    method: 'POST',
    path: '/api/staff/users/:id/erase',
    params: UserParams,
    body: EraseRequest,
    response: envelopeOf(UserDetail),
  }),
};
