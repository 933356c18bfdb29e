// Every kind of e-mail: the subject, an HTML part with every value escaped, a plain-text part with
// no markup that reads on its own, and the RSVP's calendar file as a calendar program reads it.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeHtml, paragraph, renderEmail } from './layout';
import { SAMPLE, SAMPLE_MAILS, SAMPLE_SHOW } from './email-samples';

const mail = (kind: string) => {
  const make = SAMPLE_MAILS[kind];
  if (!make) throw new Error(`no sample ${kind}`);
  return make();
};

/** The markup a careless template would let through: every one must come out escaped. */
const RAW = ['<script>', '<b>14k</b>', '"Fire"'];

describe('every kind of e-mail', () => {
  it.each([
    ['login-code', 'Your Gemcast login code: 042917'],
    ['reset-code', 'Your Gemcast password reset code: 042917'],
    ['rsvp-confirmation', `You're on the list: ${SAMPLE.title}`],
    ['rsvp-reminder', `Starting soon: ${SAMPLE.title}`],
    ['winner-in-app', `You won: ${SAMPLE.prize}`],
    ['winner-by-phone', `You won: ${SAMPLE.prize}`],
    ['product-registration', 'Your piece is registered: GX-7K3M-Q9TP'],
  ])('%s: subject, escaped HTML and a plain-text part with no markup', (kind, subject) => {
    const sent = mail(kind);
    expect(sent.to).toBe(SAMPLE.to);
    expect(sent.subject).toBe(subject);
    const html = sent.html ?? '';
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain(`<title>${escapeHtml(subject)}</title>`);
    for (const raw of RAW) expect(html).not.toContain(raw);
    expect(html).toContain('color-scheme');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('max-width:600px');
    // Nothing is loaded from elsewhere: no images, stylesheets or fonts.
    expect(html).not.toMatch(/<img|<link|@import|url\(/i);
    // The text part is plain: the values as typed, no tags or entities of ours, and it says who we
    // are and why it came.
    const ours = sent.text.replaceAll(SAMPLE.firstName, '').replaceAll(SAMPLE.prize, '');
    expect(ours).not.toMatch(/<[a-z/!]|&(amp|lt|gt|quot|#\d+);/i);
    expect(sent.text).toContain('Gemcast is a live online jewelry shopping network. https://gemcast.example');
    expect(sent.text).toMatch(/You got this (e-mail|reminder) because/);
  });

  it('names the viewer in both parts, escaped in the HTML and as typed in the text', () => {
    for (const kind of ['rsvp-confirmation', 'rsvp-reminder', 'winner-in-app', 'winner-by-phone']) {
      const sent = mail(kind);
      expect(sent.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
      expect(sent.text.split('\n')[0]).toBe(`Hi ${SAMPLE.firstName},`);
    }
  });

  it('the code mails show the code large in HTML and indented in text, and name nobody', () => {
    for (const kind of ['login-code', 'reset-code']) {
      const sent = mail(kind);
      expect(sent.html).toContain('>042917</td>');
      expect(sent.text).toContain('\n    042917\n');
      expect(sent.text.split('\n')[0]).toBe('Hello from Gemcast,');
      expect(sent.text).toContain('It works once and expires in 10 minutes.');
    }
    expect(mail('reset-code').text).toContain('Someone (hopefully you) asked to reset the password');
  });

  it('the RSVP mails link to the live page: a button in HTML, the address in text', () => {
    for (const kind of ['rsvp-confirmation', 'rsvp-reminder']) {
      const sent = mail(kind);
      expect(sent.html).toContain('href="https://gemcast.example/live"');
      expect(sent.text).toContain('Watch it live: https://gemcast.example/live');
      expect(sent.text).toContain('Saturday, June 20');
    }
    expect(mail('rsvp-confirmation').text).toContain('the attached calendar file adds the show to your calendar');
  });

  it('the winner mails say how to claim: the button in the app, or the phone as a tel: link', () => {
    const app = mail('winner-in-app');
    expect(app.text).toContain('"Claim my prize" button');
    expect(app.text).toContain('Open the giveaway page: https://gemcast.example/giveaway/7');
    expect(app.text).not.toContain('Text or call');
    const phone = mail('winner-by-phone');
    expect(phone.text).toContain(`Text or call us at ${SAMPLE.phone} before`);
    expect(phone.html).toContain(`href="tel:5550104367"`);
    expect(phone.text).toContain('See the time left: https://gemcast.example/giveaway/7');
  });

  it('the product registration mail carries the number, the piece and its thanks page', () => {
    const sent = mail('product-registration');
    expect(sent.text).toContain('\nGX-7K3M-Q9TP\n');
    expect(sent.text).toContain(
      `Ring: ${SAMPLE.prize}. Bought on June 14, 2026 at Hall C, booth 214, Tucson, AZ, for $1,250.50.`,
    );
    expect(sent.text).toContain('See your registration: https://gemcast.example/exhibition-thanks/GX-7K3M-Q9TP');
    expect(sent.html).toContain('href="https://gemcast.example/exhibition-thanks/GX-7K3M-Q9TP"');
    expect(sent.html).toContain('Opal ring &lt;b&gt;14k&lt;/b&gt;');
  });

  it('writes no link that is not web, mail or phone', () => {
    const sent = renderEmail({
      brand: 'Gemcast',
      publicUrl: '',
      subject: 's',
      preview: 'p',
      heading: 'h',
      greeting: 'g',
      blocks: [paragraph('see ', { href: 'javascript:alert(1)', label: 'this' })],
      signOff: ['x'],
      reason: 'r',
    });
    expect(sent.html).not.toContain('javascript:');
    expect(sent.html).toContain('see this');
  });
});

describe('the RSVP calendar file', () => {
  const ics = () => mail('rsvp-confirmation').attachments?.[0]?.content ?? '';

  it('parses with ical.js and carries the show', () => {
    const calendar = new ICAL.Component(ICAL.parse(ics()));
    const event = calendar.getFirstSubcomponent('vevent');
    if (!event) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(event);
    expect(parsed.summary).toBe(SAMPLE.title);
    expect(parsed.description).toBe(SAMPLE_SHOW.description);
    expect(parsed.uid).toBe('event-41@gemcast');
    expect(parsed.startDate.toJSDate().toISOString()).toBe(SAMPLE_SHOW.cust_start);
    expect(parsed.endDate.toJSDate().toISOString()).toBe(SAMPLE_SHOW.cust_end);
    expect(event.getFirstPropertyValue('url')).toBe('https://gemcast.example/live');
  });

  it('ends every line with CRLF and folds lines at 75 octets', () => {
    const text = ics();
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // The long title does not fit one line, so it was folded (a continuation starts with a space).
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });

  it('has an alarm 15 minutes before the show', () => {
    const event = new ICAL.Component(ICAL.parse(ics())).getFirstSubcomponent('vevent');
    const alarm = event?.getFirstSubcomponent('valarm');
    if (!alarm) throw new Error('no VALARM');
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    const trigger = alarm.getFirstPropertyValue('trigger');
    expect(trigger instanceof ICAL.Duration ? trigger.toSeconds() : null).toBe(-15 * 60);
  });
});
