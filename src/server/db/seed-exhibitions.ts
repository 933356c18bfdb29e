// The demo's exhibition (decision 074): one active show with a short link and a few kinds of piece,
// running from two days ago to four days ahead in Los Angeles, so the registration form works at once.
// Idempotent: made once; each start moves its dates around the day it starts.
import type { AppContext } from '../context';
import { exhibitionsRepository } from '../modules/exhibitions/exhibitions.repository';
import { laDay } from '../../shared/time';

export const DEMO_EXHIBITION_SLUG = 'desert-gem-show';
const DEMO_KINDS = ['Ring', 'Pendant or necklace', 'Earrings', 'Bracelet', 'Loose stone'];
const DAY_MS = 24 * 60 * 60_000;

export async function seedDemoExhibition(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const dates = {
    starts_on: laDay(new Date(now.getTime() - 2 * DAY_MS)),
    ends_on: laDay(new Date(now.getTime() + 4 * DAY_MS)),
  };
  const at = now.toISOString();
  const existing = await exhibitionsRepository.exhibitionBySlug(ctx.db, DEMO_EXHIBITION_SLUG);
  if (existing) {
    await exhibitionsRepository.updateExhibition(ctx.db, existing.id, { ...dates, active: 1, updated_at: at });
    return;
  }
  await ctx.db.transaction().execute(async (trx) => {
    const exhibition = await exhibitionsRepository.insertExhibition(trx, {
      slug: DEMO_EXHIBITION_SLUG,
      name: 'Desert Gem & Jewelry Show',
      venue: 'Hall C, booth 214',
      city: 'Tucson, AZ',
      ...dates,
      active: 1,
      created_by: null,
      created_at: at,
      updated_at: at,
    });
    await exhibitionsRepository.insertKinds(
      trx,
      DEMO_KINDS.map((name, position) => ({ exhibition_id: exhibition.id, name, position, active: 1 })),
    );
  });
}
