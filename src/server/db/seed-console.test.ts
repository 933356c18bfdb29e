// The demo's producer console data on both engines (decision 081): four valid pieces, the live demo
// show's rundown (pieces and its giveaway), made once and taken back to the top at every start.
import { expect, it } from 'vitest';
import { PieceInput, type NowShowing, type StaffPiece } from '../../shared/contract/pieces';
import { describeEachEngine, type TestApp } from '../testing/harness';
import { putOnAir } from '../testing/pieces';
import { refreshDemo, seedDemo } from './seed';
import { DEMO_PIECES, DEMO_RUNDOWN } from './seed-console';
import { DEMO_GIVEAWAY_TITLE } from './seed-giveaways';

async function staffToken(t: TestApp, seeded: Awaited<ReturnType<typeof seedDemo>>) {
  const login = await t.post<{ id: number; tokenvalue: string }>('/api/login_v1', {
    email: seeded?.staffEmail,
    password: seeded?.staffPassword,
  });
  // Staff calls need the second factor (decision 085); the harness passes it for the session.
  await t.passSecondFactor(login.body.data[0]?.id ?? 0);
  return login.body.data[0]?.tokenvalue ?? '';
}

const liveShow = (t: TestApp) =>
  t.db
    .selectFrom('events')
    .select(['id'])
    .where('title', '=', 'Gemcast Live: the demo studio')
    .executeTakeFirstOrThrow();

const rundownOf = (t: TestApp, eventId: number) =>
  t.db
    .selectFrom('rundown_segments as s')
    .leftJoin('pieces as p', 'p.id', 's.piece_id')
    .leftJoin('events as g', 'g.id', 's.giveaway_id')
    .select(['s.position', 's.title', 'p.name as piece', 'g.title as giveaway', 's.started_at'])
    .where('s.event_id', '=', eventId)
    .orderBy('s.position')
    .execute();

it('demo pieces pass the staff form’s own checks', () => {
  for (const piece of DEMO_PIECES) expect(PieceInput.safeParse({ ...piece, photos: [] }).success).toBe(true);
  expect(DEMO_RUNDOWN.filter((s) => s.piece)).toHaveLength(3);
});

describeEachEngine('demo seed: the producer console', (t) => {
  it('lists four pieces and gives the live show a rundown with three pieces and its giveaway', async () => {
    const seeded = await seedDemo(t().app.ctx);
    await refreshDemo(t().app.ctx);
    const token = await staffToken(t(), seeded);
    const pieces = await t().get<StaffPiece>('/api/staff/pieces', { token });
    expect(pieces.body.data.map((p) => p.name).sort()).toEqual(DEMO_PIECES.map((p) => p.name).sort());
    expect(pieces.body.data.every((p) => p.active && p.stock > 0 && p.interested === 0)).toBe(true);

    const show = await liveShow(t());
    expect(await rundownOf(t(), show.id)).toEqual([
      { position: 0, title: 'Welcome and tonight’s lineup', piece: null, giveaway: null, started_at: null },
      {
        position: 1,
        title: 'Montana sapphire halo ring',
        piece: 'Montana Sapphire Halo Ring',
        giveaway: null,
        started_at: null,
      },
      {
        position: 2,
        title: 'Giveaway: the London blue topaz ring',
        piece: null,
        giveaway: DEMO_GIVEAWAY_TITLE,
        started_at: null,
      },
      {
        position: 3,
        title: 'Tanzanite three-stone earrings',
        piece: 'Tanzanite Three-Stone Earrings',
        giveaway: null,
        started_at: null,
      },
      {
        position: 4,
        title: 'Opal line bracelet, and goodnight',
        piece: 'Ethiopian Opal Line Bracelet',
        giveaway: null,
        started_at: null,
      },
    ]);
  });

  it('makes nothing twice, keeps staff edits and buyers, and starts the show over at every start', async () => {
    await seedDemo(t().app.ctx);
    await refreshDemo(t().app.ctx);
    const show = await liveShow(t());
    const ring = await t()
      .db.selectFrom('pieces')
      .select('id')
      .where('name', '=', 'Montana Sapphire Halo Ring')
      .executeTakeFirstOrThrow();
    await t()
      .db.updateTable('rundown_segments')
      .set({ title: 'Sapphire ring, with the gemologist', started_at: t().clock.now().toISOString() })
      .where('event_id', '=', show.id)
      .where('position', '=', 1)
      .execute();
    await putOnAir(t().db, show.id, ring.id, t().clock.now().toISOString());
    const viewer = await t().createViewer();
    expect(
      (await t().post('/api/iwantthis_v1', { eventid: show.id, pieceid: ring.id }, { token: viewer.tokenvalue })).http,
    ).toBe(200);
    expect((await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${show.id}`)).body.data[0]?.piece.name).toBe(
      'Montana Sapphire Halo Ring',
    );

    t().clock.advance(60 * 60_000);
    await refreshDemo(t().app.ctx);
    expect(await t().db.selectFrom('pieces').select('id').execute()).toHaveLength(4);
    const rundown = await rundownOf(t(), show.id);
    expect(rundown).toHaveLength(5);
    expect(rundown[1]).toMatchObject({ title: 'Sapphire ring, with the gemologist', started_at: null });
    expect((await t().get(`/api/nowshowing_v1?eventid=${show.id}`)).body.data).toEqual([]);
    expect(await t().db.selectFrom('piece_showings').select('id').execute()).toEqual([]);
    expect(await t().db.selectFrom('piece_interest').select('user_id').execute()).toEqual([{ user_id: viewer.id }]);
  });
});
