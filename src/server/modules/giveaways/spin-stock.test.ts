// Spin prizes with a stock on both engines (decision 081): staff save and read it, a prize with none
// left is never drawn, and spins at the same moment never take the last one twice.
import { expect, it } from 'vitest';
import type { SpinCheck, SpinPrizeTable, SpinResult } from '../../../shared/contract/spin';
import { describeEachEngine, type TestApp } from '../../testing/harness';

type Prize = { label: string; weight: number; points?: number; stock?: number | null };

async function wheel(t: TestApp, prizes: Prize[]) {
  const staff = await t.createStaff();
  const show = await t.createEvent();
  const saved = await t.post<SpinPrizeTable>(
    `/api/staff/giveaways/spin-prizes/${show.id}`,
    { prizes },
    {
      token: staff.tokenvalue,
    },
  );
  expect(saved.http).toBe(200);
  return { show, staff, table: saved.body.data[0] };
}

async function rsvpedViewers(t: TestApp, eventId: number, count: number) {
  const viewers = [];
  for (let i = 0; i < count; i += 1) {
    const viewer = await t.createViewer();
    await t.post('/api/rsvpdata_v1', { eventid: eventId }, { token: viewer.tokenvalue });
    viewers.push(viewer);
  }
  return viewers;
}

const stockOf = async (t: TestApp, eventId: number) =>
  (
    await t.db
      .selectFrom('spin_prizes')
      .select(['label', 'stock'])
      .where('event_id', '=', eventId)
      .orderBy('position')
      .execute()
  ).map((p) => [p.label, p.stock]);

describeEachEngine('spin prize stock', (t) => {
  it('saves each prize’s stock (none given is no limit) and returns it with the table', async () => {
    const { show, staff, table } = await wheel(t(), [
      { label: 'Opal ring', weight: 1, stock: 2 },
      { label: '10 points', weight: 5, points: 10 },
      { label: 'Free shipping', weight: 5, stock: null },
    ]);
    expect(table?.prizes.map((p) => [p.label, p.stock])).toEqual([
      ['Opal ring', 2],
      ['10 points', null],
      ['Free shipping', null],
    ]);
    const read = await t().get<SpinPrizeTable>(`/api/staff/giveaways/spin-prizes/${show.id}`, {
      token: staff.tokenvalue,
    });
    expect(read.body.data[0]?.prizes.map((p) => p.stock)).toEqual([2, null, null]);
    expect(await stockOf(t(), show.id)).toEqual([
      ['Opal ring', 2],
      ['10 points', null],
      ['Free shipping', null],
    ]);
  });

  it('refuses a stock below 0, above 100,000 or not whole, and keeps the table', async () => {
    const { show, staff } = await wheel(t(), [
      { label: 'A', weight: 1, stock: 1 },
      { label: 'B', weight: 1 },
    ]);
    for (const stock of [-1, 100_001, 1.5, 'five']) {
      const res = await t().post(
        `/api/staff/giveaways/spin-prizes/${show.id}`,
        {
          prizes: [
            { label: 'A', weight: 1, stock },
            { label: 'B', weight: 1 },
          ],
        },
        { token: staff.tokenvalue },
      );
      expect([res.http, res.body.message]).toEqual([
        400,
        'stock is a whole number from 0 to 100,000, or empty for no limit.',
      ]);
    }
    expect(await stockOf(t(), show.id)).toEqual([
      ['A', 1],
      ['B', null],
    ]);
  });

  it('never draws a prize with a stock of 0, however heavy its weight', async () => {
    const { show } = await wheel(t(), [
      { label: 'Sold out', weight: 1_000_000, stock: 0 },
      { label: 'Free shipping', weight: 1 },
    ]);
    const viewers = await rsvpedViewers(t(), show.id, 5);
    for (const viewer of viewers) {
      const spun = await t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: viewer.tokenvalue });
      expect(spun.body.data[0]).toMatchObject({ label: 'Free shipping', segment: 1 });
    }
    expect(await stockOf(t(), show.id)).toEqual([
      ['Sold out', 0],
      ['Free shipping', null],
    ]);
  });

  it('gives the last one to one of two spins at the same moment; the other lands on another prize', async () => {
    const { show, staff } = await wheel(t(), [
      { label: 'Last opal', weight: 1_000_000, stock: 1 },
      { label: 'Free shipping', weight: 1 },
    ]);
    const [a, b] = await rsvpedViewers(t(), show.id, 2);
    const spins = await Promise.all(
      [a, b].map((v) => t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: v?.tokenvalue })),
    );
    expect(spins.map((s) => s.http)).toEqual([200, 200]);
    expect(spins.map((s) => s.body.data[0]?.label).sort()).toEqual(['Free shipping', 'Last opal']);
    expect(await stockOf(t(), show.id)).toEqual([
      ['Last opal', 0],
      ['Free shipping', null],
    ]);
    const table = await t().get<SpinPrizeTable>(`/api/staff/giveaways/spin-prizes/${show.id}`, {
      token: staff.tokenvalue,
    });
    expect(table.body.data[0]?.prizes.map((p) => [p.won, p.stock])).toEqual([
      [1, 0],
      [1, null],
    ]);
  });

  it('takes exactly the stock when many spin at once', async () => {
    const { show } = await wheel(t(), [
      { label: 'Opal pair', weight: 1_000_000, stock: 2 },
      { label: 'Free shipping', weight: 1 },
    ]);
    const viewers = await rsvpedViewers(t(), show.id, 6);
    const spins = await Promise.all(
      viewers.map((v) => t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: v.tokenvalue })),
    );
    const labels = spins.map((s) => s.body.data[0]?.label);
    expect(labels.filter((l) => l === 'Opal pair')).toHaveLength(2);
    expect(labels.filter((l) => l === 'Free shipping')).toHaveLength(4);
    expect(await stockOf(t(), show.id)).toEqual([
      ['Opal pair', 0],
      ['Free shipping', null],
    ]);
  });

  it('lands every spin of a crowd drawn on stocked and unlimited prizes at once, taking one stock per win', async () => {
    // On PostgreSQL the two kinds commit in groups of their own (decision 106): both at once here.
    const { show } = await wheel(t(), [
      { label: 'Opal pair', weight: 1, stock: 6 },
      { label: 'Free shipping', weight: 1 },
    ]);
    const viewers = await rsvpedViewers(t(), show.id, 16);
    const spins = await Promise.all(
      viewers.map((v) => t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: v.tokenvalue })),
    );
    expect(spins.map((s) => s.http)).toEqual(viewers.map(() => 200));
    const opals = spins.filter((s) => s.body.data[0]?.label === 'Opal pair').length;
    expect(opals).toBeLessThanOrEqual(6);
    expect(await stockOf(t(), show.id)).toEqual([
      ['Opal pair', 6 - opals],
      ['Free shipping', null],
    ]);
    expect(await t().db.selectFrom('spins').select('user_id').execute()).toHaveLength(16);
  });

  it('answers "no spin" once every prize with a chance is gone, writing nothing', async () => {
    const { show } = await wheel(t(), [
      { label: 'Opal', weight: 1, stock: 1 },
      { label: 'Never', weight: 0 },
    ]);
    const [first, second] = await rsvpedViewers(t(), show.id, 2);
    const won = await t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: first?.tokenvalue });
    expect(won.body.data[0]?.label).toBe('Opal');
    const check = await t().get<SpinCheck>('/api/checkifrsvpspin', {
      token: second?.tokenvalue,
      query: { eventId: String(show.id) },
    });
    expect(check.body.data[0]?.can_spin).toBe(false);
    const none = await t().post('/api/spinrsvpinfo', { eventId: show.id }, { token: second?.tokenvalue });
    expect([none.http, none.body.message]).toEqual([422, 'There is no spin to win for this one.']);
    expect(await t().db.selectFrom('spins').select('user_id').execute()).toEqual([{ user_id: first?.id }]);
  });

  it('a second spin by the same viewer at the same moment takes no stock', async () => {
    const { show } = await wheel(t(), [
      { label: 'Opal', weight: 1_000_000, stock: 3 },
      { label: 'Free shipping', weight: 1 },
    ]);
    const [viewer] = await rsvpedViewers(t(), show.id, 1);
    const spins = await Promise.all(
      [1, 2, 3].map(() =>
        t().post<SpinResult>('/api/spinrsvpinfo', { eventId: show.id }, { token: viewer?.tokenvalue }),
      ),
    );
    expect(spins.map((s) => s.body.data[0]?.already).filter((already) => !already)).toHaveLength(1);
    expect(await stockOf(t(), show.id)).toEqual([
      ['Opal', 2],
      ['Free shipping', null],
    ]);
  });
});
