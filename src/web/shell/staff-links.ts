// The staff screens, in the order the account menu and the staff desk list them (the server guards
// each of them too; viewers never see these links).
export const STAFF_LINKS = [
  ['/staff/shows', 'Shows', 'Schedule shows, giveaways and special events; open a show’s console.'],
  ['/staff/pieces', 'Pieces on air', 'The jewelry shown on air, with prices, stock and who asked for it.'],
  ['/staff/giveaways', 'Giveaways', 'Entries, draws, winners and the spin wheel’s prizes.'],
  ['/staff/contests', 'Photo contests', 'Contests, their entries and the vote review.'],
  ['/staff/exhibitions', 'Exhibitions', 'Trade shows, their QR codes and product registrations.'],
  [
    '/staff/users',
    'Viewers’ accounts',
    'Find a viewer, end sessions, switch accounts off, staff rights, export and erase.',
  ],
  ['/staff/chat', 'Chat bans and mutes', 'Who is banned or muted, and lifting it.'],
  ['/staff/rewards', 'Rewards', 'How viewers earn points.'],
  ['/staff/rewards/coupons', 'Coupon desk', 'Look up and redeem a viewer’s coupon.'],
  ['/staff/reports', 'Show reports', 'Attendance funnels, viewers over time and visits, with CSV exports.'],
  ['/staff/analytics', 'Analytics', 'Visits, sign-ups, page time and the named reports.'],
  ['/staff/audit', 'Audit log', 'Every staff action and refused attempt: who, what, when and what changed.'],
] as const;
