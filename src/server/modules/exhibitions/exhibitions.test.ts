// The public exhibitions calls on both engines (decision 074): the list, productregistration (each
// field's refusal, the exhibition's rules, photos, duplicates and races, the e-mail, the newsletter,
// the rate limit) and the summary, and registrations joining the account that signs up or logs in.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_NUMBER,
  type PublicExhibition,
  type RegistrationSummary,
} from '../../../shared/contract/exhibitions';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { claimedHugePng, photo } from '../../testing/contest-uploads';
import {
  createExhibition,
  registerOk,
  registerPiece,
  registrationFields,
  type TestExhibition,
} from '../../testing/exhibitions';
import { multipartBody } from '../../testing/multipart';
import { privateRoot } from './receipt-photo';
import { maskedName } from './exhibitions.service';

const receiptPart = (content: Buffer, filename = 'receipt.png', type = 'image/png') => ({
  name: 'receipt_photo',
  content,
  filename,
  type,
});

async function storedPhotos(t: TestApp): Promise<string[]> {
  const folder = path.join(privateRoot(t.config.dataDir), 'receipts');
  return readdir(folder).catch(() => []);
}

/** Every row productregistration can write, and the receipt files, to show a refusal changed nothing. */
async function registrationState(t: TestApp) {
  return {
    registrations: await t.db.selectFrom('product_registrations').selectAll().orderBy('id').execute(),
    subscribers: await t.db.selectFrom('subscribers').selectAll().orderBy('id').execute(),
    mail: await t.outbox(),
    photos: await storedPhotos(t),
  };
}

describe('maskedName', () => {
  it('keeps the first name and the last word’s initial', () => {
    expect(maskedName('jane van der doe')).toBe('jane D.');
    expect(maskedName('  Cher ')).toBe('Cher');
  });
});

describeEachEngine('exhibitions: the public list', (t) => {
  it('lists active exhibitions with their active kinds in order', async () => {
    const open = await createExhibition(t(), { starts_on: '2026-06-10' }, ['Ring', 'Pendant', 'Earrings']);
    await createExhibition(t(), { active: 0 });
    await t().db.updateTable('exhibition_product_kinds').set({ active: 0 }).where('name', '=', 'Pendant').execute();
    await t().db.updateTable('exhibition_product_kinds').set({ position: 5 }).where('name', '=', 'Ring').execute();
    const res = await t().get<PublicExhibition>('/api/exhibitions');
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: open.id,
        slug: open.slug,
        name: open.name,
        venue: 'Convention Hall B',
        city: 'Tucson',
        starts_on: '2026-06-10',
        ends_on: '2026-06-18',
        kinds: [
          { id: open.kinds[2]?.id, name: 'Earrings' },
          { id: open.kinds[0]?.id, name: 'Ring' },
        ],
      },
    ]);
  });
});

describeEachEngine('productregistration', (t) => {
  let show: TestExhibition;
  const setUp = async () => {
    show = await createExhibition(t());
  };

  it('registers a piece logged out and answers its masked summary under a fresh number', async () => {
    await setUp();
    const res = await registerPiece(t(), registrationFields(show, { receipt_number: 'ab-12 34' }));
    expect(res.http).toBe(200);
    const summary = res.body.data[0];
    expect(summary?.number).toMatch(REGISTRATION_NUMBER);
    expect(summary).toMatchObject({
      exhibition: { name: show.name, venue: 'Convention Hall B', city: 'Tucson' },
      product_kind: 'Ring',
      description: 'Oval sapphire ring in white gold',
      price_cents: 125_000,
      purchase_date: '2026-06-14',
      has_receipt_photo: false,
      first_name: 'Jane',
      email: 'j•••@example.com',
      verified: false,
      on_account: false,
      newsletter_confirmation_sent: false,
    });
    const [row] = await t().db.selectFrom('product_registrations').selectAll().execute();
    expect(row).toMatchObject({
      number: summary?.number,
      receipt_number: 'ab-12 34',
      receipt_key: 'AB1234',
      email: 'jane.doe@example.com',
      phone: '+15551234567',
      contact_consent: 1,
      marketing_opt_in: 0,
      user_id: null,
      source: 'web',
      day: '2026-06-15',
      receipt_photo: null,
    });
    // No newsletter without the opt-in.
    expect(await t().db.selectFrom('subscribers').selectAll().execute()).toEqual([]);
  });

  it('puts a logged-in viewer’s registration on their account, with the name and e-mail as sent', async () => {
    await setUp();
    const viewer = await t().createViewer();
    const summary = await registerOk(
      t(),
      show,
      { name: 'Gift Buyer', email: 'gift@example.com' },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(summary.on_account).toBe(true);
    const row = await t().db.selectFrom('product_registrations').selectAll().executeTakeFirstOrThrow();
    expect([row.user_id, row.name, row.email, row.source]).toEqual([
      viewer.id,
      'Gift Buyer',
      'gift@example.com',
      'web',
    ]);
  });

  it('never puts a booth tablet’s registration on the account the tablet is signed in to', async () => {
    await setUp();
    const staffOnTablet = await t().createViewer();
    const summary = await registerOk(
      t(),
      show,
      { name: 'Booth Visitor', email: 'visitor@example.com', source: 'kiosk' },
      { token: staffOnTablet.tokenvalue },
    );
    expect(summary.on_account).toBe(false);
    const row = await t().db.selectFrom('product_registrations').selectAll().executeTakeFirstOrThrow();
    expect([row.user_id, row.email, row.source]).toEqual([null, 'visitor@example.com', 'kiosk']);
  });

  it('e-mails the number, the summary and the thanks link', async () => {
    await setUp();
    const summary = await registerOk(t(), show, { price: '99.5' });
    const mail = (await t().outbox()).filter((m) => m.to_address === 'jane.doe@example.com');
    expect(mail).toHaveLength(1);
    const [sent] = mail;
    expect(sent?.subject).toBe(`Your piece is registered: ${summary.number}`);
    expect(sent?.text_body).toContain(summary.number);
    expect(sent?.text_body).toContain(`${t().config.publicUrl}/exhibition-thanks/${summary.number}`);
    expect(sent?.text_body).toContain('Ring: Oval sapphire ring in white gold.');
    expect(sent?.text_body).toContain('$99.50');
    expect(sent?.text_body).toContain('June 14, 2026');
    expect(sent?.text_body.split('\n')[0]).toBe('Hi Jane,');
    expect(sent?.html_body).toContain(summary.number);
  });

  it('subscribes an opted-in visitor to the newsletter with double opt-in, in the same request', async () => {
    await setUp();
    const summary = await registerOk(t(), show, { marketing_opt_in: 'true' });
    expect(summary.newsletter_confirmation_sent).toBe(true);
    const subscribers = await t().db.selectFrom('subscribers').selectAll().execute();
    expect(subscribers.map((s) => s.email)).toEqual(['jane.doe@example.com']);
    const subscriptions = await t().db.selectFrom('subscriptions').selectAll().execute();
    expect(subscriptions.map((s) => [s.purpose, s.state])).toEqual([['newsletter', 'pending']]);
    const subjects = (await t().outbox()).map((m) => m.subject);
    expect(subjects).toContain(`Please confirm your ${t().config.site.brand} subscription`);
    // The thanks page reads the opt-in later.
    const later = await t().get<RegistrationSummary>(`/api/productregistration/${summary.number}`);
    expect(later.body.data[0]?.newsletter_confirmation_sent).toBe(true);
  });

  it.each([
    ['exhibition_id', { exhibition_id: '' }],
    ['product_kind_id', { product_kind_id: 'ring' }],
    ['description', { description: '   ' }],
    ['description', { description: 'x'.repeat(501) }],
    ['price', { price: '0' }],
    ['price', { price: 'twelve' }],
    ['receipt_number', { receipt_number: '' }],
    ['receipt_number', { receipt_number: '- . -' }],
    ['purchase_date', { purchase_date: '2026-02-30' }],
    ['name', { name: '' }],
    ['email', { email: 'jane@' }],
    ['phone', { phone: '12' }],
    ['contact_consent', { contact_consent: 'false' }],
    ['marketing_opt_in', { marketing_opt_in: 'maybe' }],
    ['source', { source: 'robot' }],
  ])('refuses a bad %s with its field issue and writes nothing', async (field, change) => {
    await setUp();
    const before = await registrationState(t());
    const res = await registerPiece(t(), registrationFields(show, change), { photo: receiptPart(await photo(1)) });
    expect(res.http).toBe(400);
    expect(res.body.status).toBe(-1);
    expect(res.body.data).toContainEqual(expect.objectContaining({ field }));
    expect(await registrationState(t())).toEqual(before);
  });

  it('names every missing field at once', async () => {
    await setUp();
    const res = await registerPiece(t(), { exhibition_id: String(show.id) });
    expect(res.http).toBe(400);
    const fields = (res.body.data as unknown as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'product_kind_id',
        'description',
        'price',
        'receipt_number',
        'purchase_date',
        'name',
        'email',
        'phone',
        'contact_consent',
      ]),
    );
  });

  it('refuses a body that is not multipart', async () => {
    await setUp();
    const res = await t().post('/api/productregistration', registrationFields(show));
    expect(res.http).toBe(400);
    expect(await t().db.selectFrom('product_registrations').selectAll().execute()).toEqual([]);
  });

  it('refuses an inactive exhibition, a kind of another exhibition or a retired one, and dates outside the exhibition', async () => {
    await setUp();
    const closed = await createExhibition(t(), { active: 0 });
    const other = await createExhibition(t());
    await t()
      .db.updateTable('exhibition_product_kinds')
      .set({ active: 0 })
      .where('id', '=', show.kinds[1]?.id ?? 0)
      .execute();
    const cases: [Record<string, string>, string][] = [
      [{ exhibition_id: String(closed.id), product_kind_id: String(closed.kinds[0]?.id) }, 'exhibition_id'],
      [{ exhibition_id: '999999' }, 'exhibition_id'],
      [{ product_kind_id: String(other.kinds[0]?.id) }, 'product_kind_id'],
      [{ product_kind_id: String(show.kinds[1]?.id) }, 'product_kind_id'],
      [{ purchase_date: '2026-06-11' }, 'purchase_date'],
      [{ purchase_date: '2026-06-19' }, 'purchase_date'],
      // Within the exhibition's days but after today (2026-06-15 in Los Angeles).
      [{ purchase_date: '2026-06-16' }, 'purchase_date'],
    ];
    const before = await registrationState(t());
    for (const [change, field] of cases) {
      const res = await registerPiece(t(), registrationFields(show, change), { photo: receiptPart(await photo(2)) });
      expect(res.http, JSON.stringify(change)).toBe(400);
      expect(res.body.data).toEqual([expect.objectContaining({ field })]);
    }
    const outside = await registerPiece(t(), registrationFields(show, { purchase_date: '2026-06-11' }));
    expect(outside.body.message).toBe(
      'The exhibition ran from 2026-06-12 to 2026-06-18; enter a date within those days.',
    );
    expect(await registrationState(t())).toEqual(before);
  });

  it('refuses an outdated consent version with the newsletter opt-in', async () => {
    await setUp();
    const res = await registerPiece(
      t(),
      registrationFields(show, { marketing_opt_in: 'true', consent_version: '2001-01' }),
    );
    expect(res.http).toBe(400);
    expect(res.body.data).toEqual([expect.objectContaining({ field: 'consent_version' })]);
  });

  it('stores the receipt photo re-encoded, without EXIF, in the private folder that /media does not serve', async () => {
    await setUp();
    const withExif = await sharp(await photo(3))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera Co', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const summary = await registerOk(t(), show, {}, { photo: receiptPart(withExif, 'receipt.jpg', 'image/jpeg') });
    expect(summary.has_receipt_photo).toBe(true);
    const row = await t().db.selectFrom('product_registrations').selectAll().executeTakeFirstOrThrow();
    expect(row.receipt_photo).toMatch(/^receipts\/[0-9a-f]{32}\.webp$/);
    const stored = await sharp(path.join(privateRoot(t().config.dataDir), row.receipt_photo ?? '')).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    const served = await t().app.inject({ method: 'GET', url: `/media/${row.receipt_photo}` });
    expect(served.statusCode).not.toBe(200);
    const escaped = await t().app.inject({ method: 'GET', url: `/media/../private/${row.receipt_photo}` });
    expect(escaped.statusCode).not.toBe(200);
  });

  it('treats an empty file part as no photo', async () => {
    await setUp();
    const summary = await registerOk(
      t(),
      show,
      {},
      { photo: receiptPart(Buffer.alloc(0), '', 'application/octet-stream') },
    );
    expect(summary.has_receipt_photo).toBe(false);
  });

  it.each([
    ['a text file renamed .jpg', () => Buffer.from('not a picture at all, only words'), 415],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 415],
    ['a decompression bomb', () => claimedHugePng(), 413],
    ['a file over 8 MB', () => Buffer.alloc(8 * 1024 * 1024 + 10, 7), 413],
  ])('refuses %s with a receipt_photo issue and leaves no file', async (_label, content, status) => {
    await setUp();
    const before = await registrationState(t());
    const res = await registerPiece(t(), registrationFields(show), {
      photo: receiptPart(content(), 'receipt.jpg', 'image/jpeg'),
    });
    expect(res.http).toBe(status);
    expect(res.body.data).toEqual([expect.objectContaining({ field: 'receipt_photo' })]);
    expect(await registrationState(t())).toEqual(before);
  });

  it('answers 409 naming the holder masked when the receipt is registered again at the exhibition', async () => {
    await setUp();
    await registerOk(t(), show, { receipt_number: 'TX-5501', name: 'Jane Q Doe' });
    const before = await registrationState(t());
    const again = await registerPiece(
      t(),
      registrationFields(show, { receipt_number: 'tx 5501', name: 'Mallory Other', email: 'mallory@example.com' }),
      { photo: receiptPart(await photo(4)) },
    );
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(
      'This receipt is already registered for this exhibition, by Jane D. (j•••@example.com). If that was not you, contact us.',
    );
    expect(again.body.data).toEqual([expect.objectContaining({ field: 'receipt_number' })]);
    expect(await registrationState(t())).toEqual(before);
    // The same receipt number at another exhibition is another receipt.
    const other = await createExhibition(t());
    await registerOk(t(), other, { receipt_number: 'TX-5501' });
  });

  it('stores one of two identical registrations sent at once, answers the other 409 and keeps one photo', async () => {
    await setUp();
    const fields = registrationFields(show, { receipt_number: 'RACE-1' });
    const picture = receiptPart(await photo(5));
    const results = await Promise.all([
      registerPiece(t(), fields, { photo: picture }),
      registerPiece(t(), fields, { photo: picture }),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    expect(await t().db.selectFrom('product_registrations').selectAll().execute()).toHaveLength(1);
    expect(await storedPhotos(t())).toHaveLength(1);
  });

  it('takes another number when the random one is taken', async () => {
    await setUp();
    const first = await registerOk(t(), show);
    const digits = first.number.replace(/^GX-|-/g, '');
    const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    // The first eight draws repeat the number already stored; the next eight are all zeros.
    const draws = [...digits].map((c) => CROCKFORD.indexOf(c));
    const original = t().app.ctx.random.int;
    t().app.ctx.random.int = (max: number) => (max === 32 ? (draws.shift() ?? 0) : original(max));
    try {
      const second = await registerOk(t(), show);
      expect(second.number).toBe('GX-0000-0000');
    } finally {
      t().app.ctx.random.int = original;
    }
  });
});

describeEachEngine(
  'productregistration: the per-address limit',
  (t) => {
    it('answers 429 with Retry-After past the limit, before reading the form', async () => {
      const show = await createExhibition(t());
      for (let i = 0; i < 2; i += 1)
        expect((await registerPiece(t(), registrationFields(show), { remoteAddress: '203.0.113.9' })).http).toBe(200);
      const refused = await registerPiece(t(), registrationFields(show), { remoteAddress: '203.0.113.9' });
      expect(refused.http).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await registerPiece(t(), registrationFields(show), { remoteAddress: '203.0.113.10' })).http).toBe(200);
    });

    it('limits summary look-ups per address so numbers cannot be found by trying', async () => {
      for (let i = 0; i < 3; i += 1)
        expect(
          (await t().get(`/api/productregistration/GX-0000-000${i}`, { remoteAddress: '198.51.100.1' })).http,
        ).toBe(404);
      const refused = await t().get('/api/productregistration/GX-0000-0009', { remoteAddress: '198.51.100.1' });
      expect(refused.http).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  },
  { productRegistrationsPerHour: 2, registrationLookupsPerHour: 3 },
);

describeEachEngine('productregistration: the summary', (t) => {
  it('answers the masked summary by number, in any case, and 404 for an unknown one', async () => {
    const show = await createExhibition(t());
    const made = await registerOk(t(), show);
    const res = await t().get<RegistrationSummary>(`/api/productregistration/${made.number.toLowerCase()}`);
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toEqual(made);
    expect(JSON.stringify(res.body)).not.toContain('jane.doe@');
    expect(JSON.stringify(res.body)).not.toContain('5551234567');
    const missing = await t().get('/api/productregistration/GX-ZZZZ-ZZZZ');
    expect(missing.http).toBe(404);
    expect(missing.body.data).toEqual([]);
  });

  it('refuses a malformed number with 400', async () => {
    for (const bad of ['GX-1234', 'GX-IIII-OOOO', '1%20or%201=1'])
      expect((await t().get(`/api/productregistration/${bad}`)).http).toBe(400);
  });
});

describeEachEngine('productregistration: joining an account', (t) => {
  const userIdOf = async (number: string) =>
    (
      await t()
        .db.selectFrom('product_registrations')
        .select('user_id')
        .where('number', '=', number)
        .executeTakeFirstOrThrow()
    ).user_id;

  it('joins registrations made logged out to the account registered with that e-mail', async () => {
    const show = await createExhibition(t());
    const mine = await registerOk(t(), show, { email: 'Amber@Example.com' });
    const someoneElse = await registerOk(t(), show, { email: 'other@example.com' });
    const viewer = await t().createViewer({ email: 'amber@example.com' });
    expect(await userIdOf(mine.number)).toBe(viewer.id);
    expect(await userIdOf(someoneElse.number)).toBeNull();
    const summary = await t().get<RegistrationSummary>(`/api/productregistration/${mine.number}`);
    expect(summary.body.data[0]?.on_account).toBe(true);
  });

  it('joins them on a password login and on an e-mail code login, and never moves one off another account', async () => {
    const show = await createExhibition(t());
    const viewer = await t().createViewer({ email: 'beryl@example.com' });
    const owner = await t().createViewer({ email: 'owner@example.com' });
    const logged = await registerOk(t(), show, { email: 'beryl@example.com' });
    const onOwner = await registerOk(t(), show, { email: 'beryl@example.com' }, { token: owner.tokenvalue });
    expect(await userIdOf(logged.number)).toBeNull();
    const login = await t().post('/api/login_v1', { email: 'beryl@example.com', password: viewer.password });
    expect(login.http).toBe(200);
    expect(await userIdOf(logged.number)).toBe(viewer.id);
    expect(await userIdOf(onOwner.number)).toBe(owner.id);

    const later = await registerOk(t(), show, { email: 'beryl@example.com' });
    expect((await t().get('/api/getloginotp', { query: { emailid: 'beryl@example.com' } })).http).toBe(200);
    const byCode = await t().post('/api/loginbyotp', {
      email: 'beryl@example.com',
      OTP: await t().latestCode('beryl@example.com'),
    });
    expect(byCode.http).toBe(200);
    expect(await userIdOf(later.number)).toBe(viewer.id);
  });

  it('a multipart body with a stray extra file field stores only the receipt photo', async () => {
    const show = await createExhibition(t());
    const { payload, contentType } = await multipartBody([
      ...Object.entries(registrationFields(show)).map(([name, content]) => ({ name, content })),
      { name: 'other', content: Buffer.from('x'), filename: 'x.txt', type: 'text/plain' },
    ]);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/productregistration',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(200);
    expect(await storedPhotos(t())).toEqual([]);
  });
});
