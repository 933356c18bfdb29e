import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Envelope } from '../../../shared/contract/envelope';
import type { GiveawayInfo } from '../../../shared/contract/giveaways';
import type { StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import type { EventRecord } from '../../../shared/contract/events';
import type { SpinPrizeTable } from '../../../shared/contract/spin';
import { UploadedImageResponse, type UploadedImage } from '../../../shared/contract/staff-media';
import { srcSetOf } from '../../../shared/image-sizes';
import { MESSAGES } from '../../../shared/messages';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { multipartBody, type Part } from '../../testing/multipart';

/** A file for the "image" field; the field's name is always the same. */
type ImageFile = Omit<Part, 'name'>;

async function upload(t: TestApp, token: string | undefined, part: ImageFile | null) {
  const { payload, contentType } = await multipartBody([
    part
      ? { name: 'image', content: part.content, type: part.type ?? 'image/png', filename: part.filename ?? 'ring.png' }
      : { name: 'note', content: 'no file' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/staff/media',
    payload,
    headers: { 'content-type': contentType, ...(token ? { token } : {}) },
  });
  return { http: res.statusCode, body: res.json<Envelope<UploadedImage>>(), retryAfter: res.headers['retry-after'] };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#5b21b6' } })
    .png()
    .toBuffer();

async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'media');
  const found: string[] = [];
  for (const kind of ['events']) {
    const dir = path.join(root, kind);
    if (existsSync(dir)) found.push(...(await readdir(dir)).map((f) => `${kind}/${f}`));
  }
  return found.sort();
}

describeEachEngine('staff image uploads (POST /api/staff/media)', (t) => {
  it('stores a staff upload as WebP at 320, 640 and 1280 wide and answers the path to save', async () => {
    const staff = await t().createStaff();
    const res = await upload(t(), staff.tokenvalue, { content: await png(2000, 1000) });
    expect(res.http).toBe(200);
    const body = UploadedImageResponse.parse(res.body);
    expect(body.message).toBe(MESSAGES.imageUploaded);
    const answer = body.data[0]!;
    expect(answer.image).toMatch(/^\/media\/events\/[0-9a-f]{32}-1280w\.webp$/);
    expect(answer.url).toBe(answer.image);
    expect(answer.sizes.map((s) => s.width)).toEqual([320, 640, 1280]);
    for (const size of answer.sizes) {
      const served = await t().app.inject({ method: 'GET', url: size.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: size.width,
        height: size.width / 2,
      });
    }
    expect(srcSetOf(answer.url)).toBe(answer.sizes.map((s) => `${s.url} ${s.width}w`).join(', '));
  });

  it('never enlarges a small image', async () => {
    const staff = await t().createStaff();
    const res = await upload(t(), staff.tokenvalue, { content: await png(400, 300) });
    expect(res.http).toBe(200);
    const answer = res.body.data[0]!;
    const widths = [];
    for (const size of answer.sizes) {
      const file = path.join(t().config.dataDir, 'media', size.url.replace(/^\/media\//, ''));
      widths.push((await sharp(await readFile(file)).metadata()).width);
    }
    expect(widths).toEqual([320, 400, 400]);
  });

  it('saves the uploaded path on a show, a giveaway prize and a spin prize, and viewers read it back', async () => {
    const staff = await t().createStaff();
    const token = staff.tokenvalue;
    const show = (await upload(t(), token, { content: await png(800, 450) })).body.data[0]!;
    const prize = (await upload(t(), token, { content: await png(800, 800) })).body.data[0]!;
    const wheel = (await upload(t(), token, { content: await png(300, 300) })).body.data[0]!;
    const start = new Date(t().clock.now().getTime() + 3_600_000).toISOString();
    const end = new Date(t().clock.now().getTime() + 7_200_000).toISOString();
    const created = await t().post<StaffGiveawayDetail>(
      '/api/staff/giveaways',
      {
        title: 'Opal giveaway',
        image: show.image,
        prize: 'Opal ring',
        prize_image: prize.image,
        cust_start: start,
        cust_end: end,
      },
      { token },
    );
    expect(created.http).toBe(200);
    const id = created.body.data[0]!.id;
    const info = (await t().get<GiveawayInfo>('/api/giveawayinfo_v1', { query: { eventid: String(id) } })).body.data[0];
    expect(info).toMatchObject({ image: show.url, prize_image: prize.url });
    const listed = (await t().get<EventRecord>('/api/eventlist_v1', { query: { type: 'giveaway' } })).body.data;
    expect(listed.find((e) => e.id === id)?.image).toBe(show.url);
    const table = await t().post<SpinPrizeTable>(
      `/api/staff/giveaways/spin-prizes/${id}`,
      {
        prizes: [
          { label: 'Opal pendant', weight: 1, image: wheel.image },
          { label: '10 reward points', weight: 3, points: 10 },
        ],
      },
      { token },
    );
    expect(table.http).toBe(200);
    expect(table.body.data[0]?.prizes.map((p) => p.image)).toEqual([wheel.url, '']);
  });

  it('refuses what is not an image (400), an empty or missing file (400), and stores nothing', async () => {
    const staff = await t().createStaff();
    const cases: [string, ImageFile | null, string][] = [
      ['a text file renamed .png', { content: 'just words, not a picture' }, MESSAGES.imageNotImage],
      [
        'an SVG',
        { content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', type: 'image/svg+xml' },
        MESSAGES.imageNotImage,
      ],
      ['an empty file', { content: '' }, MESSAGES.imageRequired],
      ['no file at all', null, MESSAGES.imageRequired],
    ];
    for (const [label, part, message] of cases) {
      const res = await upload(t(), staff.tokenvalue, part);
      expect({ label, http: res.http, message: res.body.message, data: res.body.data }).toEqual({
        label,
        http: 400,
        message,
        data: [{ field: 'image', message }],
      });
    }
    expect(await storedFiles(t())).toEqual([]);
  });

  it('refuses a file over 8 MB (413) and stores nothing', async () => {
    const staff = await t().createStaff();
    const side = 1700;
    const noise = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(8 * 1024 * 1024);
    const res = await upload(t(), staff.tokenvalue, { content: noise });
    expect({ http: res.http, message: res.body.message }).toEqual({ http: 413, message: MESSAGES.imageTooLarge });
    expect(await storedFiles(t())).toEqual([]);
  });

  it('takes 30 uploads from a staff member in 10 minutes: the 31st is 429 and stores nothing', async () => {
    const staff = await t().createStaff();
    const content = await png(24, 24);
    for (let i = 0; i < 30; i += 1) expect((await upload(t(), staff.tokenvalue, { content })).http).toBe(200);
    const files = await storedFiles(t());
    expect(files).toHaveLength(30 * 3);
    const refused = await upload(t(), staff.tokenvalue, { content });
    expect([refused.http, refused.body.status, refused.body.message]).toEqual([429, 0, MESSAGES.tooManyUploads]);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await storedFiles(t())).toEqual(files);
    const colleague = await t().createStaff();
    expect((await upload(t(), colleague.tokenvalue, { content })).http).toBe(200);
    t().clock.advance(10 * 60_000);
    expect((await upload(t(), staff.tokenvalue, { content })).http).toBe(200);
  });

  it('takes 60 uploads from one address in 10 minutes, counted before the token is read', async () => {
    const staff = await t().createStaff();
    const content = await png(24, 24);
    for (let i = 0; i < 60; i += 1) expect((await upload(t(), 'not-a-real-token', { content })).http).toBe(401);
    const refused = await upload(t(), staff.tokenvalue, { content });
    expect([refused.http, refused.body.message]).toEqual([429, MESSAGES.tooManyUploads]);
    expect(await storedFiles(t())).toEqual([]);
  });

  it('refuses visitors (401) and viewers who are not staff (403), storing nothing', async () => {
    const viewer = await t().createViewer();
    const content = await png(64, 64);
    expect((await upload(t(), undefined, { content })).http).toBe(401);
    expect((await upload(t(), 'not-a-real-token', { content })).http).toBe(401);
    const asViewer = await upload(t(), viewer.tokenvalue, { content });
    expect({ http: asViewer.http, message: asViewer.body.message }).toEqual({ http: 403, message: MESSAGES.forbidden });
    expect(await storedFiles(t())).toEqual([]);
  });
});
