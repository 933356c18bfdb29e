// The staff exhibitions calls on both engines (decision 074): who may call them, exhibitions and
// their kinds (retired, never deleted, once used), the QR code, the registrations list with its
// filters and pages, the detail with its photo, verifying, and the CSV export.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_CSV_COLUMNS,
  REGISTRATIONS_CSV_PATH,
  REGISTRATIONS_PAGE_SIZE,
  type ExhibitionInput,
  type ExhibitionQr,
  type StaffExhibition,
  type StaffRegistrationDetail,
  type StaffRegistrationPage,
} from '../../../shared/contract/exhibitions';
import { photo } from '../../testing/contest-uploads';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { createExhibition, registerOk } from '../../testing/exhibitions';
import { csvCell } from './exhibitions-staff.service';

const input = (fields: Partial<ExhibitionInput> = {}): ExhibitionInput => ({
  name: 'Tucson Gem Show 2027',
  slug: 'tucson-2027',
  venue: 'Convention Center',
  city: 'Tucson',
  starts_on: '2027-01-28',
  ends_on: '2027-02-12',
  active: true,
  kinds: ['Ring', 'Pendant'],
  ...fields,
});

async function put<T>(t: TestApp, url: string, body: unknown, token?: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
  });
  return { http: res.statusCode, body: res.json<{ status: number; message: string; data: T[] }>() };
}

/** The dark modules an SVG from the qrcode package draws, as "row,col" keys. */
function modulesOfSvg(svg: string, margin: number): Set<string> {
  const d = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Number(b)];
    else if (op === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i += 1) dark.add(`${Math.floor(y) - margin},${x + i - margin}`);
      x += Number(a);
    }
  }
  return dark;
}

describe('csvCell', () => {
  it('quotes and defuses formula-leading cells', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell(null)).toBe('""');
  });
});

describeEachEngine('staff exhibitions: who may call', (t) => {
  it('answers 401 to visitors and 403 to viewers on every staff call, and changes nothing', async () => {
    const show = await createExhibition(t());
    const made = await registerOk(t(), show);
    const id = (await t().db.selectFrom('product_registrations').select('id').executeTakeFirstOrThrow()).id;
    const viewer = await t().createViewer();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/staff/exhibitions', undefined],
      ['POST', '/api/staff/exhibitions', input()],
      ['PUT', `/api/staff/exhibitions/${show.id}`, input()],
      ['GET', `/api/staff/exhibitions/${show.id}/qr`, undefined],
      ['GET', '/api/staff/productregistrations', undefined],
      ['GET', `/api/staff/productregistrations/${id}`, undefined],
      ['POST', `/api/staff/productregistrations/${id}/verify`, { verified: true }],
      ['GET', REGISTRATIONS_CSV_PATH, undefined],
    ];
    const before = {
      exhibitions: await t().db.selectFrom('exhibitions').selectAll().execute(),
      registrations: await t().db.selectFrom('product_registrations').selectAll().execute(),
    };
    for (const [method, url, body] of calls)
      for (const [token, status] of [
        [undefined, 401],
        [viewer.tokenvalue, 403],
      ] as const) {
        const res = await t().app.inject({
          method: method === 'PUT' ? 'PUT' : method === 'POST' ? 'POST' : 'GET',
          url,
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { token } : {}),
          },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(res.json<{ data: unknown[] }>().data).toEqual([]);
      }
    expect({
      exhibitions: await t().db.selectFrom('exhibitions').selectAll().execute(),
      registrations: await t().db.selectFrom('product_registrations').selectAll().execute(),
    }).toEqual(before);
    expect(made.number).toBeTruthy();
  });
});

describeEachEngine('staff exhibitions', (t) => {
  it('creates an exhibition with its kinds and lists it with its absolute link and counts', async () => {
    const staff = await t().createStaff();
    const created = await t().post<StaffExhibition>('/api/staff/exhibitions', input(), { token: staff.tokenvalue });
    expect(created.http).toBe(200);
    const exhibition = created.body.data[0];
    expect(exhibition).toMatchObject({
      slug: 'tucson-2027',
      active: true,
      link: `${t().config.publicUrl}/product-register?exhibition=tucson-2027`,
      registrations: 0,
      unverified: 0,
    });
    expect(exhibition?.kinds.map((k) => k.name)).toEqual(['Ring', 'Pendant']);
    const row = await t().db.selectFrom('exhibitions').selectAll().executeTakeFirstOrThrow();
    expect(row.created_by).toBe(staff.id);

    const other = await createExhibition(t());
    await registerOk(t(), other);
    await registerOk(t(), other);
    const list = await t().get<StaffExhibition>('/api/staff/exhibitions', { token: staff.tokenvalue });
    expect(list.body.data.map((e) => [e.slug, e.registrations, e.unverified])).toEqual([
      ['tucson-2027', 0, 0],
      [other.slug, 2, 2],
    ]);
  });

  it('refuses a taken slug with a 409 on the slug field, on create and on update', async () => {
    const staff = await t().createStaff();
    const first = await createExhibition(t(), { slug: 'taken-slug' });
    const second = await createExhibition(t());
    const res = await t().post('/api/staff/exhibitions', input({ slug: 'Taken-Slug' }), { token: staff.tokenvalue });
    expect(res.http).toBe(409);
    expect(res.body.data).toEqual([expect.objectContaining({ field: 'slug' })]);
    const moved = await put(
      t(),
      `/api/staff/exhibitions/${second.id}`,
      input({ slug: 'taken-slug' }),
      staff.tokenvalue,
    );
    expect(moved.http).toBe(409);
    expect(await t().db.selectFrom('exhibitions').select('slug').orderBy('id').execute()).toEqual([
      { slug: first.slug },
      { slug: second.slug },
    ]);
    expect(
      await t().db.selectFrom('exhibition_product_kinds').selectAll().where('exhibition_id', '=', second.id).execute(),
    ).toHaveLength(3);
  });

  it('of two creates with one slug sent at once, stores one and answers the other 409', async () => {
    const staff = await t().createStaff();
    const results = await Promise.all([
      t().post('/api/staff/exhibitions', input({ name: 'First' }), { token: staff.tokenvalue }),
      t().post('/api/staff/exhibitions', input({ name: 'Second' }), { token: staff.tokenvalue }),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    expect(await t().db.selectFrom('exhibitions').selectAll().execute()).toHaveLength(1);
    expect(await t().db.selectFrom('exhibition_product_kinds').selectAll().execute()).toHaveLength(2);
  });

  it.each([
    ['name', { name: '' }],
    ['slug', { slug: 'Not a slug!' }],
    ['starts_on', { starts_on: '2027-13-01' }],
    ['ends_on', { ends_on: '2027-01-01' }],
    ['kinds', { kinds: [] }],
    ['kinds', { kinds: ['Ring', 'ring'] }],
    ['active', { active: 'yes' }],
  ])('refuses a bad %s with 400 and writes nothing', async (field, change) => {
    const staff = await t().createStaff();
    const res = await t().post('/api/staff/exhibitions', { ...input(), ...change }, { token: staff.tokenvalue });
    expect(res.http).toBe(400);
    expect(JSON.stringify(res.body.data)).toContain(field);
    expect(await t().db.selectFrom('exhibitions').selectAll().execute()).toEqual([]);
  });

  it('adds, reorders and renames kinds; a used kind left out is retired, an unused one deleted', async () => {
    const staff = await t().createStaff();
    const show = await createExhibition(t(), {}, ['Ring', 'Pendant', 'Loose stone', 'Brooch']);
    const [ring, pendant, loose, brooch] = show.kinds;
    await registerOk(t(), show, { product_kind_id: String(pendant?.id) });
    await registerOk(t(), show, { product_kind_id: String(brooch?.id) });
    // Pendant (used) and Loose stone (unused) left out; Ring moves last; Brooch, at its own place, stays;
    // "Earrings" takes the place of Pendant, so it is Pendant renamed.
    const res = await put<StaffExhibition>(
      t(),
      `/api/staff/exhibitions/${show.id}`,
      input({ slug: show.slug, kinds: ['Bracelet', 'Earrings', 'Cuff', 'Brooch', 'Ring'] }),
      staff.tokenvalue,
    );
    expect(res.http).toBe(200);
    const kinds = res.body.data[0]?.kinds ?? [];
    expect(kinds.map((k) => k.name)).toEqual(['Bracelet', 'Earrings', 'Cuff', 'Brooch', 'Ring']);
    expect(kinds.find((k) => k.name === 'Ring')?.id).toBe(ring?.id);
    expect(kinds.find((k) => k.name === 'Brooch')?.id).toBe(brooch?.id);
    const rows = await t()
      .db.selectFrom('exhibition_product_kinds')
      .selectAll()
      .where('exhibition_id', '=', show.id)
      .execute();
    // Bracelet took Ring's place? No: Ring is listed by name, so place 0 is a new kind; Pendant's place (1) renames it.
    expect(rows.find((k) => k.id === pendant?.id)).toMatchObject({ name: 'Earrings', active: 1 });
    expect(rows.find((k) => k.id === loose?.id)).toMatchObject({ name: 'Cuff', active: 1 });

    // Now leave out Earrings (used, through the old Pendant) and Cuff (unused).
    const again = await put<StaffExhibition>(
      t(),
      `/api/staff/exhibitions/${show.id}`,
      input({ slug: show.slug, kinds: ['Bracelet', 'Brooch', 'Ring'] }),
      staff.tokenvalue,
    );
    expect(again.body.data[0]?.kinds.map((k) => k.name)).toEqual(['Bracelet', 'Brooch', 'Ring']);
    const after = await t()
      .db.selectFrom('exhibition_product_kinds')
      .selectAll()
      .where('exhibition_id', '=', show.id)
      .execute();
    expect(after.find((k) => k.id === pendant?.id)).toMatchObject({ name: 'Earrings', active: 0 });
    expect(after.find((k) => k.id === loose?.id)).toBeUndefined();
    // The registration keeps its kind; the public form no longer offers it.
    const list = await t().get<{ kinds: { name: string }[] }>('/api/exhibitions');
    expect(list.body.data[0]?.kinds.map((k) => k.name)).toEqual(['Bracelet', 'Brooch', 'Ring']);
    const detail = await t().get<StaffRegistrationDetail>('/api/staff/productregistrations?verified=all', {
      token: staff.tokenvalue,
    });
    expect(JSON.stringify(detail.body.data)).toContain('Earrings');

    // Listing a retired kind again brings it back.
    const back = await put<StaffExhibition>(
      t(),
      `/api/staff/exhibitions/${show.id}`,
      input({ slug: show.slug, kinds: ['earrings', 'Bracelet'] }),
      staff.tokenvalue,
    );
    expect(back.body.data[0]?.kinds).toEqual([
      { id: pendant?.id, name: 'earrings' },
      expect.objectContaining({ name: 'Bracelet' }),
    ]);
  });

  it('answers 404 for an unknown exhibition', async () => {
    const staff = await t().createStaff();
    expect((await put(t(), '/api/staff/exhibitions/9999', input(), staff.tokenvalue)).http).toBe(404);
    expect((await t().get('/api/staff/exhibitions/9999/qr', { token: staff.tokenvalue })).http).toBe(404);
  });

  it('draws the QR code of the exhibition’s short link as an SVG', async () => {
    const staff = await t().createStaff();
    const show = await createExhibition(t(), { slug: 'booth-qr' });
    const res = await t().get<ExhibitionQr>(`/api/staff/exhibitions/${show.id}/qr`, { token: staff.tokenvalue });
    expect(res.http).toBe(200);
    const qr = res.body.data[0];
    expect(qr?.link).toBe(`${t().config.publicUrl}/product-register?exhibition=booth-qr`);
    expect(qr?.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const expected = QRCode.create(qr?.link ?? '', { errorCorrectionLevel: 'Q' }).modules;
    const dark = new Set<string>();
    for (let row = 0; row < expected.size; row += 1)
      for (let col = 0; col < expected.size; col += 1) if (expected.get(row, col)) dark.add(`${row},${col}`);
    expect(modulesOfSvg(qr?.svg ?? '', 2)).toEqual(dark);
  });
});

describeEachEngine('staff registrations', (t) => {
  const token = async () => (await t().createStaff({ first_name: 'Sam', last_name: 'Staff' })).tokenvalue;

  it('pages newest first and filters by exhibition, day and verified state', async () => {
    const staffToken = await token();
    const a = await createExhibition(t());
    const b = await createExhibition(t());
    for (let i = 0; i < REGISTRATIONS_PAGE_SIZE + 2; i += 1) await registerOk(t(), a);
    t().clock.advance(24 * 60 * 60_000); // 2026-06-16 in Los Angeles
    const late = await registerOk(t(), b, { purchase_date: '2026-06-16' });
    // A day on, the staff session's second factor (12 hours) has run out: they pass it again.
    const staffId = (await t().db.selectFrom('users').select('id').where('is_staff', '=', 1).executeTakeFirstOrThrow())
      .id;
    await t().passSecondFactor(staffId);

    const first = await t().get<StaffRegistrationPage>('/api/staff/productregistrations', { token: staffToken });
    const page = first.body.data[0];
    expect(page).toMatchObject({ page: 1, per_page: REGISTRATIONS_PAGE_SIZE, total: REGISTRATIONS_PAGE_SIZE + 3 });
    expect(page?.registrations).toHaveLength(REGISTRATIONS_PAGE_SIZE);
    expect(page?.registrations[0]?.number).toBe(late.number);
    const ids = page?.registrations.map((r) => r.id) ?? [];
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const second = await t().get<StaffRegistrationPage>('/api/staff/productregistrations', {
      token: staffToken,
      query: { page: '2' },
    });
    expect(second.body.data[0]?.registrations).toHaveLength(3);

    const query = async (q: Record<string, string>) =>
      (await t().get<StaffRegistrationPage>('/api/staff/productregistrations', { token: staffToken, query: q })).body
        .data[0]?.total;
    expect(await query({ exhibition_id: String(b.id) })).toBe(1);
    expect(await query({ from: '2026-06-16' })).toBe(1);
    expect(await query({ to: '2026-06-15' })).toBe(REGISTRATIONS_PAGE_SIZE + 2);
    expect(await query({ from: '2026-06-15', to: '2026-06-15', exhibition_id: String(b.id) })).toBe(0);
    const id = page?.registrations[0]?.id ?? 0;
    await t().post(`/api/staff/productregistrations/${id}/verify`, { verified: true }, { token: staffToken });
    expect(await query({ verified: 'yes' })).toBe(1);
    expect(await query({ verified: 'no' })).toBe(REGISTRATIONS_PAGE_SIZE + 2);
  });

  it.each([[{ page: '0' }], [{ from: '2026-02-31' }], [{ verified: 'maybe' }], [{ exhibition_id: 'abc' }]])(
    'refuses bad filters %o with 400',
    async (query) => {
      const res = await t().get('/api/staff/productregistrations', { token: await token(), query });
      expect(res.http).toBe(400);
      const csv = await t().app.inject({
        method: 'GET',
        url: REGISTRATIONS_CSV_PATH,
        query,
        headers: { token: await token() },
      });
      expect(csv.statusCode).toBe(400);
    },
  );

  it('shows one registration with its photo as a data: URL, and marks it verified by whom and when, then not', async () => {
    const staffToken = await token();
    const show = await createExhibition(t());
    await registerOk(
      t(),
      show,
      {},
      { photo: { name: 'receipt_photo', content: await photo(7), filename: 'r.png', type: 'image/png' } },
    );
    const id = (await t().db.selectFrom('product_registrations').select('id').executeTakeFirstOrThrow()).id;
    const detail = await t().get<StaffRegistrationDetail>(`/api/staff/productregistrations/${id}`, {
      token: staffToken,
    });
    expect(detail.http).toBe(200);
    expect(detail.body.data[0]).toMatchObject({
      email: 'jane.doe@example.com',
      phone: '+15551234567',
      has_receipt_photo: true,
      verified_at: null,
      verified_by: null,
    });
    expect(detail.body.data[0]?.receipt_photo).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);

    const verified = await t().post<StaffRegistrationDetail>(
      `/api/staff/productregistrations/${id}/verify`,
      { verified: true },
      { token: staffToken },
    );
    expect(verified.http).toBe(200);
    expect(verified.body.data[0]).toMatchObject({
      verified_at: t().clock.now().toISOString(),
      verified_by: 'Sam Staff',
    });
    const number = verified.body.data[0]?.number ?? '';
    expect((await t().get<{ verified: boolean }>(`/api/productregistration/${number}`)).body.data[0]?.verified).toBe(
      true,
    );

    const undone = await t().post<StaffRegistrationDetail>(
      `/api/staff/productregistrations/${id}/verify`,
      { verified: false },
      { token: staffToken },
    );
    expect(undone.body.data[0]).toMatchObject({ verified_at: null, verified_by: null });
    const bad = await t().post(
      `/api/staff/productregistrations/${id}/verify`,
      { verified: 'yes' },
      { token: staffToken },
    );
    expect(bad.http).toBe(400);
    expect((await t().get(`/api/staff/productregistrations/99999`, { token: staffToken })).http).toBe(404);
    expect(
      (await t().post(`/api/staff/productregistrations/99999/verify`, { verified: true }, { token: staffToken })).http,
    ).toBe(404);
  });

  it('exports the filtered registrations as CSV with the contract’s columns and formula cells defused', async () => {
    const staffToken = await token();
    const show = await createExhibition(t());
    const other = await createExhibition(t());
    await registerOk(t(), show, { description: '=HYPERLINK("http://evil.example","click")', price: '1,250.5' });
    await registerOk(t(), other);
    const res = await t().app.inject({
      method: 'GET',
      url: REGISTRATIONS_CSV_PATH,
      query: { exhibition_id: String(show.id) },
      headers: { token: staffToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(REGISTRATION_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3); // header, one row, the final empty line
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(lines[1]).toContain('"1250.50"');
    expect(lines[1]).toContain('"jane.doe@example.com"');
    const cells = lines[1]?.match(/"(?:[^"]|"")*"/g) ?? [];
    expect(cells).toHaveLength(REGISTRATION_CSV_COLUMNS.length);
    expect(lines[1]).toBe(cells.join(','));
    const cell = (column: (typeof REGISTRATION_CSV_COLUMNS)[number]) => cells[REGISTRATION_CSV_COLUMNS.indexOf(column)];
    expect([cell('exhibition'), cell('product_kind'), cell('contact_consent'), cell('marketing_opt_in')]).toEqual([
      `"${show.name}"`,
      '"Ring"',
      '"yes"',
      '"no"',
    ]);
  });
});
