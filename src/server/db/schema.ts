// Row types of every table, as Kysely sees them. Instants are ISO-8601 UTC strings in both
// engines (see docs/decisions/003-portable-schema.md); flags are 0/1 integers.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  phone: string;
  password_hash: string | null;
  first_name: string;
  middle_name: string;
  last_name: string;
  nickname: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  recipient_name: string;
  profile_picture: string | null;
  birthday: string | null;
  anniversary: string | null;
  isactive: number;
  is_staff: number;
  my_invite_code: string;
  invited_code: string | null;
  invited_by: number | null;
  ref_id: string | null;
  created_at: string;
  updated_at: string;
  /** The rehearsal a synthetic viewer belongs to (migration 033); null for every real account. */
  rehearsal_id: Generated<number | null>;
  /** When staff erased the account on the viewer's request (migration 034); null otherwise. */
  erased_at: Generated<string | null>;
  /** When and by whom staff deactivated the account (migration 034); null when they did not. */
  deactivated_at: Generated<string | null>;
  deactivated_by: Generated<number | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** When this session last passed a second factor (migration 034, decision 085). */
  second_factor_at: Generated<string | null>;
  second_factor_method: Generated<'totp' | 'recovery' | 'passkey' | null>;
}

/** A browser an account has signed in from (migration 031, decision 070). */
export interface SignInDevicesTable {
  user_id: number;
  /** Keyed hash of browser, system and address range. */
  device_key: string;
  label: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  email: string;
  purpose: 'login' | 'reset';
  code_hmac: string;
  session_id: string | null;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RegistrationInfoTable {
  user_id: number;
  how_heard: string | null;
  shopping_for: string | null;
  favorite_gemstones: string;
  ring_size: string | null;
  updated_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  type: 'show' | 'giveaway' | 'specialshow';
  title: string;
  description: string;
  image: string | null;
  cust_start: string;
  cust_end: string;
  is_public: number;
  platform: string;
  stream_url: string | null;
  replay_url: Generated<string | null>;
  created_at: string;
  /** The show this private copy rehearses (migration 033); null for every real event. */
  rehearsal_of: Generated<number | null>;
}

interface AnalyticsRow {
  id: Generated<number>;
  session_id: string;
  user_id: number | null;
  day: string;
  created_at: string;
}

export interface VisitsTable extends AnalyticsRow {
  region: string;
  ip_address: string;
  device_type: string;
  resolution: string;
  route: string;
  route_param: string;
  invited_by: string;
  url_referrer: string;
  referrer_host: string;
  ref_id: string;
  full_url: string;
}

export interface PageViewsTable extends AnalyticsRow {
  path: string;
  title: string;
}

export interface AnalyticsEventsTable extends AnalyticsRow {
  category: string;
  action: string;
  label: string;
  value: number | null;
}

export interface PageTimesTable extends AnalyticsRow {
  route: string;
  seconds: number;
}

export interface RsvpsTable {
  id: Generated<number>;
  user_id: number;
  event_id: number;
  rsvp_type: string;
  created_at: string;
}

/** One per viewer, kind and subject (decision 066): what a feature told the viewer, and the in-app list. */
export interface NotificationsTable {
  id: Generated<number>;
  /** The viewer, or null for an e-mail subscriber without an account (subscriber_id); one of the two. */
  user_id: number | null;
  subscriber_id: Generated<number | null>;
  kind: string;
  /** What it is about, as a text key such as `show:12`. */
  subject: string;
  title: string;
  body: string;
  url: string | null;
  /** JSON for the kind's renderer. */
  data: string;
  created_at: string;
  read_at: string | null;
  /** After this it is not delivered any more (a push about a show that has ended); null: never. */
  expires_at: Generated<string | null>;
  /** 1: on the viewer's in-app list; 0: in-app was off for its kind, or the recipient is a subscriber. */
  in_app: Generated<number>;
}

export interface SubscribersTable {
  id: Generated<number>;
  /** Lower-cased and trimmed; unique. */
  email: string;
  name: Generated<string>;
  user_id: number | null;
  created_at: string;
}

/** An exhibition the network sells at (decision 074); slug is the short link's part. */
export interface ExhibitionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  venue: string;
  city: string;
  /** Los Angeles calendar days, YYYY-MM-DD, both included. */
  starts_on: string;
  ends_on: string;
  active: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A kind of piece on sale at one exhibition; retired (active 0) rather than deleted once used. */
export interface ExhibitionProductKindsTable {
  id: Generated<number>;
  exhibition_id: number;
  name: string;
  position: number;
  active: Generated<number>;
}

/** A piece registered by a visitor (productregistration); one per (exhibition, receipt_key). */
export interface ProductRegistrationsTable {
  id: Generated<number>;
  /** GX-XXXX-XXXX, random: the thanks page's id and the e-mail's reference. */
  number: string;
  exhibition_id: number;
  product_kind_id: number;
  description: string;
  price_cents: number;
  receipt_number: string;
  /** receipt_number upper-cased without spaces or dashes. */
  receipt_key: string;
  purchase_date: string;
  /** Relative to the private media root; null without a photo. */
  receipt_photo: string | null;
  name: string;
  /** Lower-cased and trimmed. */
  email: string;
  phone: string;
  contact_consent: number;
  marketing_opt_in: number;
  user_id: number | null;
  source: 'web' | 'kiosk';
  verified_at: string | null;
  verified_by: number | null;
  /** Los Angeles calendar day of created_at. */
  day: string;
  created_at: string;
}

/** A show announced as live (decision 069): the job reads its recipients once. */
export interface ShowLiveAnnouncedTable {
  event_id: number;
  announced_at: string;
}

/** An entrant's digest watermark (decision 069): likes and votes counted up to counted_until. */
export interface SubmissionDigestsTable {
  user_id: number;
  counted_until: string;
  sent_at: string;
}

export type SubscriptionPurpose = 'newsletter' | 'show_alerts';
export type SubscriptionState = 'pending' | 'confirmed' | 'cancelled';

/** What a subscriber asked for (decision 072): nothing is sent until it is confirmed. */
export interface SubscriptionsTable {
  id: Generated<number>;
  subscriber_id: number;
  purpose: SubscriptionPurpose;
  /** 'all', or 'show:<event id>' for one show's alerts. */
  scope: Generated<string>;
  event_id: number | null;
  state: SubscriptionState;
  requested_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
}

/** Append-only (decision 072): a consent given, confirmed or withdrawn, with the words shown. */
export interface ConsentRecordsTable {
  id: Generated<number>;
  subscriber_id: number;
  purpose: SubscriptionPurpose;
  scope: string;
  action: 'given' | 'confirmed' | 'withdrawn';
  text_version: string;
  text: string;
  how: 'form' | 'link' | 'one-click' | 'account-page';
  at: string;
  /** The caller's network (IPv4 /24, IPv6 /48), not the address. */
  address_range: string | null;
  user_agent: string | null;
}

/** A confirmation e-mail's single-use link, kept as the token's sha256. */
export interface SubscriptionConfirmationsTable {
  id: Generated<number>;
  token_hash: string;
  subscriber_id: number;
  /** JSON list of { purpose, scope }. */
  confirms: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A viewer's choice for one kind and channel (decision 068); a cell never chosen takes the kind's default. */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  channel: string;
  enabled: number;
  updated_at: string;
}

/** A browser's web push subscription (decision 071), one per endpoint. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** base64url, as the browser's PushSubscription gives them. */
  p256dh: string;
  auth: string;
  expiration_time: string | null;
  user_agent: Generated<string>;
  created_at: string;
  last_success_at: string | null;
}

export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed';

/** One per notification and channel: the worker's queue (decision 066). */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  /** 'email' today; 'push' and 'in_app' later. */
  channel: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

export interface RemindersSentTable {
  event_id: number;
  user_id: number;
  sent_at: string;
}

export interface LiveCheckinsTable {
  event_id: number;
  user_id: number;
  reachby: string;
  created_at: string;
}

export interface WatchLogsTable {
  event_id: number;
  user_id: number;
  reachby: string;
  seconds: number;
  watching: number;
  started_at: string;
  last_seen_at: string;
}

export interface EventQuestionsTable {
  id: Generated<number>;
  event_id: number;
  position: number;
  prompt: string;
  /** JSON array of choices; empty for a free-text answer. */
  choices: string;
  /** One of the choices, the answer that earns the quiz points (migration 019, decision 061); null for none. */
  right_answer: string | null;
}

export interface QuizAnswersTable {
  event_id: number;
  user_id: number;
  /** JSON array of { question_id, prompt, answer }, kept as asked at the time. */
  answers: string;
  created_at: string;
}

export interface GiveawaysTable {
  event_id: number;
  show_id: number | null;
  prize: string;
  /** The prize's picture: a path under the media root or a full URL (migration 012). */
  prize_image: string | null;
  /** Sanitised HTML with placeholders. */
  tnc: string;
  tnc_prices: string;
  winner_count: number;
  access_code: string | null;
  /** 32 random bytes, hex; secret until seed_revealed_at. */
  seed: string;
  seed_hash: string;
  seed_revealed_at: string | null;
  announced_at: string | null;
  /** How the winner claims: text or call the contact number ('text'), or the claim button ('app'). Migration 014. */
  claim_mode: Generated<'text' | 'app'>;
  created_at: string;
  updated_at: string;
}

export interface GiveawayEntriesTable {
  id: Generated<number>;
  giveaway_id: number;
  user_id: number;
  entry_from: 'web' | 'live' | 'intergem' | 'whatnot';
  whatnot_username: string | null;
  created_at: string;
}

export interface GiveawaySocialEntriesTable {
  giveaway_id: number;
  user_id: number;
  click_type: string;
  created_at: string;
}

export interface GiveawayBannerClicksTable {
  giveaway_id: number;
  day: string;
  clicks: number;
}

export interface GiveawayPicksTable {
  id: Generated<number>;
  giveaway_id: number;
  sequence: number;
  entry_id: number;
  user_id: number;
  /** The drawn ticket as a decimal string (it can exceed 2^53 before the modulo). */
  ticket: string;
  total_weight: number;
  weight: number;
  status: 'pending' | 'repeat' | 'claimed' | 'forfeited' | 'respun';
  repeat_of: number | null;
  drawn_by: number | null;
  drawn_at: string;
  claim_by: string | null;
  resolved_by: number | null;
  resolved_at: string | null;
}

export interface GiveawayAuditTable {
  id: Generated<number>;
  giveaway_id: number;
  pick_id: number | null;
  action: string;
  actor_id: number | null;
  actor_name: string;
  detail: string;
  created_at: string;
}

export interface SpinPrizesTable {
  id: Generated<number>;
  event_id: number;
  position: number;
  label: string;
  weight: number;
  points: number;
  /** The prize's picture: a path under the media root or a full URL (migration 012). */
  image: string | null;
  /** How many are left to win; null for no limit (migration 033). */
  stock: Generated<number | null>;
}

export interface SpinsTable {
  event_id: number;
  user_id: number;
  kind: 'rsvp' | 'giveaway';
  prize_id: number | null;
  label: string;
  points: number;
  created_at: string;
}

export interface RewardPointsTable {
  id: Generated<number>;
  user_id: number;
  points: number;
  reason: string;
  /** What earned the points, unique so nothing is credited twice (e.g. 'spin:rsvp:12:34'). */
  source: string;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  /** 'lobby' or 'show:<event id>'. */
  room: string;
  event_id: number | null;
  user_id: number;
  text: string;
  created_at: string;
  deleted_at: string | null;
  deleted_by: number | null;
  /** 'announcement' for a staff announcement shown apart (migration 033). */
  kind: Generated<'message' | 'announcement'>;
}

export interface ChatRoomsTable {
  room: string;
  slow_mode_seconds: number;
  pinned_message_id: number | null;
  updated_at: string;
  /** 1 while staff pause the room: viewers cannot chat now (migration 033). */
  paused: Generated<number>;
}

export interface ChatSanctionsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'mute' | 'ban';
  /** End of a mute; null for a ban, which lasts until lifted. */
  until: string | null;
  created_by: number;
  created_at: string;
  lifted_at: string | null;
  lifted_by: number | null;
  /** The room it was given in ('lobby', 'show:12'); null when given outside a room. */
  room: string | null;
}

export interface ChatModerationTable {
  id: Generated<number>;
  room: string | null;
  action:
    | 'delete'
    | 'pin'
    | 'unpin'
    | 'mute'
    | 'unmute'
    | 'ban'
    | 'unban'
    | 'slow_mode'
    | 'dismiss_report'
    // From the producer console (decision 080).
    | 'clear'
    | 'announce'
    | 'pause';
  staff_id: number;
  target_user_id: number | null;
  message_id: number | null;
  detail: string;
  created_at: string;
}

export interface ChatReportsTable {
  id: Generated<number>;
  message_id: number;
  reporter_id: number;
  /** The viewer's own words, up to 200 characters; empty when they gave none. */
  reason: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  /** What staff did: 'dismiss', 'delete', 'mute' or 'ban'; null while open. */
  resolution: string | null;
}

export interface ChatHiddenUsersTable {
  /** The viewer who chose not to see them. */
  viewer_id: number;
  hidden_user_id: number;
  created_at: string;
}

/** One row of a viewer's points ledger (migration 015): appended, never changed (decision 055). */
export interface RewardLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** 1, 2, 3 … per viewer: the row's place in the viewer's chain. */
  seq: number;
  /** Positive for a credit, negative for a debit; never 0. */
  points: number;
  /** Why: one of LEDGER_REASONS in src/shared/rewards.ts. */
  reason: string;
  /** What it was for (a show, a spin, a coupon, a staff adjustment's key): with reason and state, once per viewer. */
  source_id: string;
  state: 'settled' | 'pending';
  /** Staff's words on an adjustment; empty otherwise. */
  note: string;
  created_at: string;
  /** When a settled credit's points expire (12 months on); null for debits and pending rows. */
  expires_at: string | null;
  /** The staff member who made an adjustment; not part of the hash, never sent to viewers. */
  created_by: number | null;
  /** The hash of the viewer's previous row, or 64 zeros for the first. */
  prev_hash: string;
  /** SHA-256 over the row's canonical text (src/shared/ledger-chain.ts). */
  hash: string;
}

/** The end of each viewer's chain; its row is locked by every append, so appends take turns. */
export interface RewardLedgerHeadsTable {
  user_id: number;
  seq: number;
  hash: string;
}

/** A coupon staff offer for points (migration 017, decision 057). */
export interface CouponCatalogueTable {
  id: Generated<number>;
  title: string;
  /** One of COUPON_KINDS in src/shared/coupons.ts. */
  kind: 'amount_off' | 'percent_off' | 'free_shipping';
  /** Cents off, percent off, or 0 for free shipping. */
  value: number;
  points_cost: number;
  /** The smallest order it applies to, in cents; null for none. */
  minimum_cents: number | null;
  validity_days: Generated<number>;
  applies_to: 'all' | 'show_jewelry';
  /** 0: hidden from viewers and not redeemable; coupons already issued stay as they are. */
  active: Generated<number>;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

/** One earning rule (migration 016, decision 056): its points, caps and switch, as staff last set them. */
export interface RewardRulesTable {
  /** One of EARNING_RULES in src/shared/rewards.ts. */
  rule: string;
  points: number;
  /** Most points of this rule per viewer per Los Angeles day; null for none. */
  daily_cap: number | null;
  /** Most points per viewer per show (watch only); null for none. */
  show_cap: number | null;
  enabled: number;
  updated_at: string;
  updated_by: number | null;
}

/** An issued coupon: its rules are copied on, so a later catalogue edit never changes it. */
export interface CouponsTable {
  id: Generated<number>;
  /** 13 characters of CODE_ALPHABET, stored without dashes. */
  code: string;
  user_id: number;
  origin: 'redeem' | 'birthday' | 'anniversary';
  catalogue_id: number | null;
  title: string;
  kind: 'amount_off' | 'percent_off' | 'free_shipping';
  value: number;
  minimum_cents: number | null;
  applies_to: 'all' | 'show_jewelry';
  combinable: Generated<number>;
  points_cost: Generated<number>;
  issued_at: string;
  expires_at: string;
  /** Expired is computed from expires_at, never stored. */
  state: Generated<'active' | 'used' | 'void'>;
  used_at: string | null;
  used_by: number | null;
  order_ref: string | null;
  voided_at: string | null;
  voided_by: number | null;
  void_reason: string | null;
}

/** What happened to a coupon and who did it: issued, used, void. */
export interface CouponEventsTable {
  id: Generated<number>;
  coupon_id: number;
  action: string;
  actor_id: number | null;
  actor_name: string;
  detail: Generated<string>;
  created_at: string;
}

/** One row per viewer, kind and year: the yearly gift's claim, taken with its coupon. */
export interface CouponYearlyClaimsTable {
  user_id: number;
  kind: 'birthday' | 'anniversary';
  year: number;
  coupon_id: number | null;
  claimed_at: string;
}

/** A staff change to an earning rule: who, when, and the rule before and after (JSON). */
export interface RewardRuleChangesTable {
  id: Generated<number>;
  rule: string;
  staff_id: number | null;
  staff_name: string;
  before: string;
  after: string;
  created_at: string;
}

/** A show whose watch points were credited, and to how many viewers. */
export interface RewardWatchSettledTable {
  event_id: number;
  viewers: number;
  settled_at: string;
}

/**
 * Where the entry and check-in credits runs have got to (migration 036, decision 103): one row,
 * `marks` the JSON of the next run's start and the start of the run after it.
 */
export interface ActivityCreditMarksTable {
  name: string;
  marks: string;
  updated_at: string;
  /** When a process last took the run's turn, by the wall clock; '' before the first (migration 038, decision 118). */
  turn_at: Generated<string>;
}

/** A guessing-game question (migration 018, decision 058); answer and salt stay here until the reveal. */
export interface GuessQuestionsTable {
  id: Generated<number>;
  /** The live show it was asked in. */
  event_id: number;
  question: string;
  /** What the number counts ('ct', 'stones'); may be empty. */
  unit: string;
  /** The answer as answerText writes it (src/shared/guess-commitment.ts). */
  answer: string;
  /** 32 random bytes, hex. */
  salt: string;
  /** SHA-256 of the canonical answer and salt, published when the question opens. */
  commitment: string;
  /** Points credited to each winner. */
  points: number;
  winner_count: number;
  /** 'open' until staff close it early or reveal it; an open question past closes_at takes no guesses. */
  state: 'open' | 'closed' | 'revealed';
  closes_at: string;
  revealed_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** One viewer's guess: one per question (unique). */
export interface GuessesTable {
  id: Generated<number>;
  question_id: number;
  user_id: number;
  value: number;
  created_at: string;
}

/** The winners, fixed at the reveal: place 1, 2, … */
export interface GuessWinnersTable {
  question_id: number;
  place: number;
  user_id: number;
  value: number;
}

/** A photo contest (decision 062). Instants are ISO UTC; staff enter them in Los Angeles time. */
export interface ContestsTable {
  id: Generated<number>;
  title: string;
  description: string;
  /** Sanitised HTML. */
  rules_html: string;
  event_id: number | null;
  submit_opens_at: string;
  submit_closes_at: string;
  vote_opens_at: string;
  vote_closes_at: string;
  entries_per_viewer: number;
  /** once: one vote per viewer per contest; daily: one per Los Angeles day. */
  vote_rule: 'once' | 'daily';
  /** 1: counts show while voting is open; 0: hidden until the close. */
  show_counts: number;
  winner_count: number;
  /** Points for each winner through the rewards ledger (reason contest); 0 for none. */
  prize_points: number;
  prize_text: string;
  results_fixed_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A viewer's entry (contestusers): one row per slot 1..entries_per_viewer (unique). */
export interface ContestSubmissionsTable {
  id: Generated<number>;
  contest_id: number;
  user_id: number;
  slot: number;
  /** Relative to the media root, as profile pictures. */
  photo_path: string;
  caption: string;
  consent_on_air: number;
  /** SHA-256 (hex) of the re-encoded pixels; unique per contest. */
  pixel_hash: string;
  /** 64-bit perceptual hash, 16 hex digits. */
  perceptual_hash: string;
  state: 'pending' | 'approved' | 'rejected';
  reject_reason: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A vote (uservotes): one per (contest, viewer, vote_day); a change moves the row. */
export interface ContestVotesTable {
  id: Generated<number>;
  contest_id: number;
  submission_id: number;
  user_id: number;
  /** '' under the once rule; the LA day (YYYY-MM-DD) under the daily rule. */
  vote_day: string;
  ip: string;
  /** The address's network (platform/network.ts). */
  network: string;
  /** The visitor token's id, when the request carried one. */
  visitor: string;
  created_at: string;
  cast_at: string;
  voided_at: string | null;
  voided_by: number | null;
  void_reason: string;
}

/** A like (userlikes): the row is the like. */
export interface ContestLikesTable {
  submission_id: number;
  user_id: number;
  created_at: string;
}

/** Every staff action on a contest, appended. */
export interface ContestAuditTable {
  id: Generated<number>;
  contest_id: number;
  submission_id: number | null;
  action: string;
  actor_id: number | null;
  actor_name: string;
  /** JSON. */
  detail: string;
  created_at: string;
}

/** The standings fixed at the close: every approved entry by place; winners are place <= winner_count. */
export interface ContestResultsTable {
  contest_id: number;
  place: number;
  submission_id: number;
  user_id: number;
  votes: number;
  removed_votes: number;
}

// ---- The producer console (migration 033, decision 079) -----------------------------------------

export interface PiecesTable {
  id: Generated<number>;
  name: string;
  gemstone: string;
  carat: string;
  metal: string;
  size: string;
  price_cents: number;
  stock: number;
  /** JSON array of /media paths or https URLs; the first is the card's. */
  photos: string;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RundownSegmentsTable {
  id: Generated<number>;
  event_id: number;
  position: number;
  title: string;
  planned_minutes: number;
  notes: string;
  piece_id: number | null;
  giveaway_id: number | null;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
}

export interface ShowLiveStateTable {
  event_id: number;
  current_segment_id: number | null;
  piece_id: number | null;
  went_live_at: string | null;
  updated_at: string;
}

export interface ConsoleActionsTable {
  id: Generated<number>;
  event_id: number;
  staff_id: number | null;
  action: string;
  detail: string;
  created_at: string;
}

export interface ViewerSamplesTable {
  event_id: number;
  at: string;
  viewers: number;
}

export interface PieceShowingsTable {
  id: Generated<number>;
  event_id: number;
  piece_id: number;
  shown_at: string;
}

export interface PieceInterestTable {
  id: Generated<number>;
  piece_id: number;
  user_id: number;
  event_id: number;
  name: string;
  email: string;
  phone: string;
  called_back_at: string | null;
  called_back_by: number | null;
  created_at: string;
}

export interface RehearsalsTable {
  id: Generated<number>;
  event_id: number;
  source_event_id: number;
  viewers: number;
  started_by: number | null;
  created_at: string;
  /** When the process driving its audience last said so; null once it closed (migration 035, decision 093). */
  driver_seen_at: string | null;
}

// ---- Staff security and the audit log (migration 034, decision 085) ------------------------------

export interface StaffTotpTable {
  user_id: number;
  /** Base32 secret. */
  secret: string;
  /** Null until the first code proves the enrolment. */
  confirmed_at: string | null;
  /** The newest 30-second step accepted: a code of that step or an older one is refused. */
  last_step: number | null;
  /** Wrong codes in a row; the fifth locks the factor until another staff member resets it. */
  failures: Generated<number>;
  locked_at: string | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** Keyed hash of the code (the code itself is shown once). */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url credential id. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  /** JSON array of transports the browser named. */
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  purpose: 'register' | 'authenticate';
  user_id: number | null;
  created_at: string;
  expires_at: string;
}

/** Append-only (triggers refuse update and delete). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  /** The actor's name and e-mail when it happened. */
  actor_label: string;
  action: string;
  method: string;
  route: string;
  target_type: string | null;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
  status: number;
  ip: string;
  request_id: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  registration_info: RegistrationInfoTable;
  mail_outbox: MailOutboxTable;
  events: EventsTable;
  visits: VisitsTable;
  page_views: PageViewsTable;
  analytics_events: AnalyticsEventsTable;
  page_times: PageTimesTable;
  rsvps: RsvpsTable;
  reminders_sent: RemindersSentTable;
  live_checkins: LiveCheckinsTable;
  watch_logs: WatchLogsTable;
  event_questions: EventQuestionsTable;
  quiz_answers: QuizAnswersTable;
  giveaways: GiveawaysTable;
  giveaway_entries: GiveawayEntriesTable;
  giveaway_social_entries: GiveawaySocialEntriesTable;
  giveaway_banner_clicks: GiveawayBannerClicksTable;
  giveaway_picks: GiveawayPicksTable;
  giveaway_audit: GiveawayAuditTable;
  spin_prizes: SpinPrizesTable;
  spins: SpinsTable;
  reward_points: RewardPointsTable;
  chat_messages: ChatMessagesTable;
  chat_rooms: ChatRoomsTable;
  chat_sanctions: ChatSanctionsTable;
  chat_moderation: ChatModerationTable;
  chat_reports: ChatReportsTable;
  chat_hidden_users: ChatHiddenUsersTable;
  reward_ledger: RewardLedgerTable;
  reward_ledger_heads: RewardLedgerHeadsTable;
  reward_rules: RewardRulesTable;
  reward_rule_changes: RewardRuleChangesTable;
  reward_watch_settled: RewardWatchSettledTable;
  activity_credit_marks: ActivityCreditMarksTable;
  coupon_catalogue: CouponCatalogueTable;
  coupons: CouponsTable;
  coupon_events: CouponEventsTable;
  coupon_yearly_claims: CouponYearlyClaimsTable;
  guess_questions: GuessQuestionsTable;
  guesses: GuessesTable;
  guess_winners: GuessWinnersTable;
  contests: ContestsTable;
  contest_submissions: ContestSubmissionsTable;
  contest_votes: ContestVotesTable;
  contest_likes: ContestLikesTable;
  contest_audit: ContestAuditTable;
  contest_results: ContestResultsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  subscribers: SubscribersTable;
  subscriptions: SubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
  consent_records: ConsentRecordsTable;
  subscription_confirmations: SubscriptionConfirmationsTable;
  sign_in_devices: SignInDevicesTable;
  push_subscriptions: PushSubscriptionsTable;
  show_live_announced: ShowLiveAnnouncedTable;
  submission_digests: SubmissionDigestsTable;
  exhibitions: ExhibitionsTable;
  exhibition_product_kinds: ExhibitionProductKindsTable;
  product_registrations: ProductRegistrationsTable;
  pieces: PiecesTable;
  rundown_segments: RundownSegmentsTable;
  show_live_state: ShowLiveStateTable;
  console_actions: ConsoleActionsTable;
  viewer_samples: ViewerSamplesTable;
  piece_showings: PieceShowingsTable;
  piece_interest: PieceInterestTable;
  rehearsals: RehearsalsTable;
  staff_totp: StaffTotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CodeRow = Selectable<OneTimeCodesTable>;
