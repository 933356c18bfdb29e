// contestusers' photo pipeline on both engines: bad files refused with nothing stored, metadata
// stripped, duplicates refused by pixels and by perceptual hash, and the entry cap under concurrency.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CONTEST_PHOTO_MAX_BYTES, CONTEST_PHOTO_SIZE_PX } from '../../../shared/contract/contests';
import { CONTEST_MESSAGES } from '../../../shared/contest-messages';
import { claimedHugePng, imagePart, photo, submitEntry } from '../../testing/contest-uploads';
import type { Part } from '../../testing/multipart';
import { insertContest } from '../../testing/contests';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { mediaRoot } from '../../platform/media';

const HOUR = 3600_000;

/** A contest taking entries now (voting opens tomorrow). */
function submittingContest(t: TestApp, fields: Parameters<typeof insertContest>[2] = {}) {
  const now = t.clock.now().getTime();
  return insertContest(t.db, t.clock.now(), {
    submit_opens_at: new Date(now - HOUR).toISOString(),
    submit_closes_at: new Date(now + 24 * HOUR).toISOString(),
    vote_opens_at: new Date(now + 24 * HOUR).toISOString(),
    vote_closes_at: new Date(now + 48 * HOUR).toISOString(),
    ...fields,
  });
}

async function storedFiles(t: TestApp): Promise<string[]> {
  return readdir(path.join(mediaRoot(t.config.dataDir), 'contests')).catch(() => []);
}

async function entryRows(t: TestApp) {
  return t.db.selectFrom('contest_submissions').selectAll().orderBy('id').execute();
}

describeEachEngine('contestusers: bad photos', (t) => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
  const cases: [string, () => Part, number][] = [
    ['an SVG with a script', () => imagePart(Buffer.from(svg), 'ring.svg', 'image/svg+xml'), 415],
    ['a PNG that claims 20,000 × 20,000 pixels', () => imagePart(claimedHugePng()), 413],
    [
      'a text file named .jpg',
      () => imagePart(Buffer.from('just some words\n'.repeat(50)), 'ring.jpg', 'image/jpeg'),
      415,
    ],
    ['a file over the size limit', () => imagePart(Buffer.alloc(CONTEST_PHOTO_MAX_BYTES + 1024, 7)), 413],
  ];

  for (const [label, make, status] of cases) {
    it(`refuses ${label} with the envelope and stores nothing`, async () => {
      const viewer = await t().createViewer();
      const contest = await submittingContest(t());
      const res = await submitEntry(t(), viewer.tokenvalue, { contestid: contest.id, caption: 'Mine' }, make());
      expect(res.http).toBe(status);
      expect(res.body).toMatchObject({ statusCode: status, message: CONTEST_MESSAGES.submitFailed });
      expect(res.body.data[0]).toMatchObject({ field: 'image' });
      expect(await entryRows(t())).toEqual([]);
      expect(await storedFiles(t())).toEqual([]);
    });
  }

  it('refuses an upload without a photo (400) and stores nothing', async () => {
    const viewer = await t().createViewer();
    const contest = await submittingContest(t());
    const res = await submitEntry(t(), viewer.tokenvalue, { contestid: contest.id, caption: 'Mine' });
    expect(res.http).toBe(400);
    expect(res.body.data[0]).toEqual({ field: 'image', message: CONTEST_MESSAGES.photoRequired });
    expect(await entryRows(t())).toEqual([]);
  });
});

describeEachEngine('contestusers: the stored photo', (t) => {
  it('is WebP at most CONTEST_PHOTO_SIZE_PX on its longest side, with no EXIF or GPS', async () => {
    const viewer = await t().createViewer();
    const contest = await submittingContest(t());
    const jpeg = await sharp(await photo(1, 240))
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Copyright: 'Ruby Alvarez', Make: 'GemCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '34/1 3/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '118/1 14/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await submitEntry(
      t(),
      viewer.tokenvalue,
      { contestid: contest.id, caption: 'Sunset' },
      imagePart(jpeg, 'ring.jpg', 'image/jpeg'),
    );
    expect(res.http).toBe(200);
    const [row] = await entryRows(t());
    expect(row?.photo_path).toMatch(/^contests\/[0-9a-f]{32}\.webp$/);
    const stored = await readFile(path.join(mediaRoot(t().config.dataDir), row!.photo_path));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(CONTEST_PHOTO_SIZE_PX);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('GemCam'))).toBe(false);
    expect(res.body.data[0]?.photo_url).toBe(`/media/${row!.photo_path}`);
  });
});

describeEachEngine('contestusers: duplicates', (t) => {
  it('refuses the same photo again and a resized, re-compressed copy (409), and takes a different one', async () => {
    const contest = await submittingContest(t(), { entries_per_viewer: 3 });
    const first = await t().createViewer();
    const second = await t().createViewer();
    const original = await photo(7);
    expect((await submitEntry(t(), first.tokenvalue, { contestid: contest.id }, original)).http).toBe(200);

    const again = await submitEntry(t(), second.tokenvalue, { contestid: contest.id }, original);
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(CONTEST_MESSAGES.duplicatePhoto);

    const copy = await sharp(original).resize(470).jpeg({ quality: 55 }).toBuffer();
    const near = await submitEntry(
      t(),
      first.tokenvalue,
      { contestid: contest.id },
      imagePart(copy, 'copy.jpg', 'image/jpeg'),
    );
    expect(near.http).toBe(409);
    expect(near.body.message).toBe(CONTEST_MESSAGES.duplicatePhoto);
    expect((await entryRows(t())).length).toBe(1);
    expect((await storedFiles(t())).length).toBe(1);

    const other = await submitEntry(t(), second.tokenvalue, { contestid: contest.id }, await photo(8));
    expect(other.http).toBe(200);
    expect((await entryRows(t())).length).toBe(2);
    expect((await storedFiles(t())).length).toBe(2);
  });

  it('takes the same photo in another contest', async () => {
    const viewer = await t().createViewer();
    const a = await submittingContest(t());
    const b = await submittingContest(t());
    expect((await submitEntry(t(), viewer.tokenvalue, { contestid: a.id }, await photo(3))).http).toBe(200);
    expect((await submitEntry(t(), viewer.tokenvalue, { contestid: b.id }, await photo(3))).http).toBe(200);
  });
});

describeEachEngine('contestusers: entries per viewer', (t) => {
  it('takes exactly the limit of 5 concurrent entries (limit 2) and refuses the rest with 409', async () => {
    const viewer = await t().createViewer();
    const contest = await submittingContest(t(), { entries_per_viewer: 2 });
    const photos = await Promise.all([11, 12, 13, 14, 15].map((n) => photo(n)));
    const answers = await Promise.all(
      photos.map((p) => submitEntry(t(), viewer.tokenvalue, { contestid: contest.id }, p)),
    );
    expect(answers.filter((a) => a.http === 200).length).toBe(2);
    const refused = answers.filter((a) => a.http !== 200);
    expect(refused.map((a) => [a.http, a.body.message])).toEqual(
      Array.from({ length: 3 }, () => [409, CONTEST_MESSAGES.entriesFull]),
    );
    const rows = await entryRows(t());
    expect(rows.map((r) => r.slot).sort()).toEqual([1, 2]);
    expect((await storedFiles(t())).length).toBe(2);
  });
});

describe('claimedHugePng', () => {
  it('claims 20,000 × 20,000 in a few hundred bytes', async () => {
    const png = claimedHugePng();
    expect(png.length).toBeLessThan(1000);
    const meta = await sharp(png, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([20_000, 20_000]);
  });
});
