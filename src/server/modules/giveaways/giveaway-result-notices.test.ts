// Giveaway results through the notification outbox on both engines (decision 069): the draw's own
// transaction records "You won" for the winner (expiring with the claim window) and "the winner has
// been drawn" for every other entrant; racing draws leave one result; a redraw is a new result.
import { expect, it } from 'vitest';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { describeEachEngine } from '../../testing/harness';
import { drainNotifications } from '../notifications/notification-worker';
import { closeGiveaways, createGiveaway, enter } from './giveaway-factories';

const MINUTE = 60_000;

describeEachEngine('giveaway result notifications', (t) => {
  const results = () =>
    t()
      .db.selectFrom('notifications')
      .select(['user_id', 'subject', 'title', 'created_at', 'expires_at'])
      .where('kind', '=', 'giveaway_result')
      .orderBy('subject')
      .orderBy('user_id')
      .execute();

  it('tells the winner and the other entrants in the draw transaction, once however many staff race', async () => {
    const staff = await t().createStaff();
    const viewers = [
      await t().createViewer({ first_name: 'Amber', last_name: 'Nguyen' }),
      await t().createViewer({ first_name: 'Bea', last_name: 'Ortiz' }),
      await t().createViewer({ first_name: 'Cleo', last_name: 'Park' }),
    ];
    const onlooker = await t().createViewer();
    const giveaway = await createGiveaway(t(), staff.tokenvalue, { prize: 'Opal ring' });
    for (const v of viewers) await enter(t(), v.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    const draws = await Promise.all(
      [1, 2, 3].map(() =>
        t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
          token: staff.tokenvalue,
        }),
      ),
    );
    expect(draws.map((d) => d.http).sort()).toEqual([200, 409, 409]);
    const pick = (await t().db.selectFrom('giveaway_picks').selectAll().execute())[0];
    const rows = await results();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.subject === `giveaway:${giveaway.id}:draw:1` && r.created_at === pick?.drawn_at)).toBe(
      true,
    );
    expect(rows.find((r) => r.user_id === pick?.user_id)).toMatchObject({
      title: 'You won: Opal ring',
      expires_at: pick?.claim_by,
    });
    expect(rows.filter((r) => r.user_id !== pick?.user_id).map((r) => r.title)).toEqual([
      `Winner drawn: ${giveaway.title}`,
      `Winner drawn: ${giveaway.title}`,
    ]);
    expect(rows.some((r) => r.user_id === onlooker.id)).toBe(false);

    await drainNotifications(t().app.ctx);
    const winner = viewers.find((v) => v.id === pick?.user_id);
    const mail = await t().outbox();
    expect(mail.filter((m) => m.to_address === winner?.email).map((m) => m.subject)).toEqual(['You won: Opal ring']);
    const others = viewers.filter((v) => v.id !== pick?.user_id);
    for (const other of others) {
      const theirs = mail.filter((m) => m.to_address === other.email);
      expect(theirs.map((m) => m.subject)).toEqual([`Winner drawn: ${giveaway.title}`]);
      expect(theirs[0]?.text_body).toContain('It was not you this time');
    }
  });

  it('announces a redraw after a forfeit as a new result', async () => {
    const staff = await t().createStaff();
    const viewers = [await t().createViewer(), await t().createViewer()];
    const giveaway = await createGiveaway(t(), staff.tokenvalue);
    for (const v of viewers) await enter(t(), v.tokenvalue, giveaway.id);
    await closeGiveaways(t());
    const drawn = await t().post<StaffGiveawayDetail>(`/api/staff/giveaways/${giveaway.id}/draw`, undefined, {
      token: staff.tokenvalue,
    });
    const first = drawn.body.data[0]?.picks[0];
    t().clock.advance(5 * MINUTE);
    // The first winner's "You won" has expired with the claim window: it is not sent any more.
    const res = await t().post(
      `/api/staff/giveaways/${giveaway.id}/forfeit`,
      { pick_id: first?.id },
      { token: staff.tokenvalue },
    );
    expect(res.http).toBe(200);
    const rows = await results();
    const second = rows.filter((r) => r.subject === `giveaway:${giveaway.id}:draw:2`);
    const secondWinner = viewers.find((v) => v.id !== first?.user_id);
    expect(second.map((r) => [r.user_id, r.title.startsWith('You won')])).toEqual(
      [
        [first?.user_id, false],
        [secondWinner?.id, true],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    await drainNotifications(t().app.ctx);
    const won = (await t().outbox()).filter((m) => m.subject.startsWith('You won'));
    expect(won.map((m) => m.to_address)).toEqual([secondWinner?.email]);
  });
});
