import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness';
import { drainNotifications } from '../notifications/notification-worker';
import { sendDueReminders } from './reminders';

const MINUTE = 60_000;

describeEachEngine('RSVP e-mails', (t) => {
  it('confirms an RSVP by e-mail with a calendar file for the show', async () => {
    const viewer = await t().createViewer({ first_name: 'Amber' });
    const show = await t().createEvent({ title: 'Opal Hour' });
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    const mail = (await t().outbox()).filter((m) => m.to_address === viewer.email);
    expect(mail.map((m) => m.subject)).toEqual(["You're on the list: Opal Hour"]);
    expect(mail[0]?.text_body).toContain('Hi Amber,');
    // The branded HTML part goes into the outbox with the text (decision 067).
    expect(mail[0]?.html_body).toContain('Hi Amber,');
    expect(mail[0]?.html_body).toContain('href="' + t().config.publicUrl + '/live"');
    const files = readdirSync(path.join(t().config.dataDir, 'outbox')).map((f) =>
      JSON.parse(readFileSync(path.join(t().config.dataDir, 'outbox', f), 'utf8')),
    );
    const confirmation = files.find((f: { subject: string }) => f.subject.startsWith("You're on the list"));
    expect(confirmation.text).toContain('Hi Amber,');
    expect(confirmation.html).toContain('Hi Amber,');
    expect(confirmation.attachments[0].filename).toBe('gemcast-show.ics');
    expect(confirmation.attachments[0].content).toContain(`UID:event-${show.id}@gemcast`);
  });

  it('sends one reminder within the hour before the show, never twice, even across restarts', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent({
      cust_start: new Date(t().clock.now().getTime() + 3 * 60 * MINUTE).toISOString(),
      cust_end: new Date(t().clock.now().getTime() + 4 * 60 * MINUTE).toISOString(),
      title: 'Ruby Night',
    });
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    expect(await sendDueReminders(t().app.ctx)).toBe(0);
    t().clock.advance(2 * 60 * MINUTE + 5 * MINUTE);
    expect(await sendDueReminders(t().app.ctx)).toBe(1);
    expect(await sendDueReminders(t().app.ctx)).toBe(0);
    // The outbox worker sends it; a second worker pass finds nothing left to send.
    expect((await drainNotifications(t().app.ctx)).sent).toBe(1);
    expect((await drainNotifications(t().app.ctx)).sent).toBe(0);
    const reminders = (await t().outbox()).filter((m) => m.subject === 'Starting soon: Ruby Night');
    expect(reminders).toHaveLength(1);
    expect(await t().db.selectFrom('reminders_sent').select(['event_id', 'user_id']).execute()).toEqual([
      { event_id: show.id, user_id: viewer.id },
    ]);
  });

  it('sends no reminder once the show has started', async () => {
    const viewer = await t().createViewer();
    const show = await t().createEvent({ cust_start: new Date(t().clock.now().getTime() + 10 * MINUTE).toISOString() });
    await t().post('/api/rsvpdata_v1', { eventid: show.id }, { token: viewer.tokenvalue });
    t().clock.advance(15 * MINUTE);
    expect(await sendDueReminders(t().app.ctx)).toBe(0);
    expect((await drainNotifications(t().app.ctx)).sent).toBe(0);
    expect(await t().db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });
});
