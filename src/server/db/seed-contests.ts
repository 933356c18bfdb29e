// The demo's photo contest (decision 062): "Show us your sparkle", in voting whenever the demo
// starts, with an approved entry from each demo viewer. The photos are drawn here (gradients and
// simple gem shapes rendered by sharp, nothing downloaded) and go through the same pipeline as a
// viewer's upload. Idempotent: made once; each start only moves a contest still open back into voting.
import sharp from 'sharp';
import type { AppContext } from '../context';
import { appendContestAudit } from '../modules/contests/contest-audit';
import { encodeContestPhoto, writeContestPhoto, type EncodedPhoto } from '../modules/contests/contest-photo';

export const DEMO_CONTEST_TITLE = 'Show us your sparkle';
const DAY = 24 * 60 * 60_000;

const ENTRIES = [
  {
    email: 'ruby@gemcast.test',
    caption: 'My grandmother’s ruby ring, in the window light.',
    colors: ['#7b1e3a', '#f7c6d0'],
    gem: '#c0143c',
  },
  {
    email: 'jasper@gemcast.test',
    caption: 'A jasper cabochon on my desk, mid-afternoon.',
    colors: ['#3b2f2f', '#e0b084'],
    gem: '#b5651d',
  },
  {
    email: 'opal@gemcast.test',
    caption: 'The opal pendant from the spring show.',
    colors: ['#1b3b6f', '#a8e6cf'],
    gem: '#f0f8ff',
  },
];

/** A gem on a gradient, as a PNG. */
function drawGem(colors: string[], gem: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient>
    <radialGradient id="shine" cx="0.4" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="${gem}" stop-opacity="1"/></radialGradient>
  </defs>
  <rect width="1200" height="900" fill="url(#bg)"/>
  <circle cx="600" cy="520" r="230" fill="none" stroke="#d4af37" stroke-width="38"/>
  <polygon points="600,150 720,260 680,400 520,400 480,260" fill="url(#shine)" stroke="#ffffff" stroke-width="6"/>
  <polyline points="480,260 600,300 720,260 M600,300 600,400" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Windows around `now` that put the contest in voting for another week. */
function votingWindows(now: number) {
  return {
    submit_opens_at: new Date(now - 3 * DAY).toISOString(),
    submit_closes_at: new Date(now - DAY).toISOString(),
    vote_opens_at: new Date(now - DAY).toISOString(),
    vote_closes_at: new Date(now + 7 * DAY).toISOString(),
  };
}

export async function seedDemoContest(ctx: AppContext): Promise<void> {
  const { db, clock } = ctx;
  const now = clock.now().getTime();
  const existing = await db
    .selectFrom('contests')
    .select(['id', 'results_fixed_at'])
    .where('title', '=', DEMO_CONTEST_TITLE)
    .executeTakeFirst();
  if (existing) {
    if (!existing.results_fixed_at)
      await db.updateTable('contests').set(votingWindows(now)).where('id', '=', existing.id).execute();
    return;
  }
  const viewers = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      ENTRIES.map((e) => e.email),
    )
    .execute();
  if (!viewers.length) return;
  const photos: { entry: (typeof ENTRIES)[number]; viewer: { id: number }; encoded: EncodedPhoto; path: string }[] = [];
  for (const entry of ENTRIES) {
    const viewer = viewers.find((v) => v.email === entry.email);
    if (!viewer) continue;
    const encoded = await encodeContestPhoto(await drawGem(entry.colors, entry.gem));
    photos.push({ entry, viewer, encoded, path: await writeContestPhoto(ctx.config.dataDir, encoded, ctx.random) });
  }
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    const contest = await trx
      .insertInto('contests')
      .values({
        title: DEMO_CONTEST_TITLE,
        description: 'Your favourite piece, photographed at home. Vote once a day for the one you love.',
        rules_html:
          '<p>One photo per viewer, of jewelry you own. Every entry is checked by our team before it appears.</p><p>The entry with the most votes when voting closes wins 500 reward points.</p>',
        event_id: null,
        ...votingWindows(now),
        entries_per_viewer: 1,
        vote_rule: 'daily',
        show_counts: 1,
        winner_count: 1,
        prize_points: 500,
        prize_text: '',
        results_fixed_at: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendContestAudit(trx, {
      contestId: contest.id,
      action: 'created',
      actor: null,
      detail: { title: DEMO_CONTEST_TITLE },
      at: new Date(now),
    });
    for (const [i, p] of photos.entries()) {
      const entered = new Date(now - 3 * DAY + (i + 1) * 60 * 60_000).toISOString();
      await trx
        .insertInto('contest_submissions')
        .values({
          contest_id: contest.id,
          user_id: p.viewer.id,
          slot: 1,
          photo_path: p.path,
          caption: p.entry.caption,
          consent_on_air: 1,
          pixel_hash: p.encoded.pixelHash,
          perceptual_hash: p.encoded.perceptualHash,
          state: 'approved',
          reject_reason: '',
          reviewed_by: null,
          reviewed_at: entered,
          created_at: entered,
          updated_at: entered,
        })
        .execute();
    }
  });
}
