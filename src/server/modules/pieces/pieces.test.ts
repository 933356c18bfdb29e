// The piece calls on both engines (decision 081): the staff catalogue (who may call, bad input, 404),
// nowshowing_v1 (nothing on air, on air, a rehearsal copy hidden from viewers), iwantthis_v1 (only a
// piece the show put on air, once per viewer per piece, also when two presses race, the console
// notice) and showpieces_v1 (order and offsets in the replay).
import { describe, expect, it } from 'vitest';
import {
  PIECE_MESSAGES,
  type NowShowing,
  type PieceInput,
  type ShownPiece,
  type StaffPiece,
} from '../../../shared/contract/pieces';
import { describeEachEngine, type TestApp } from '../../testing/harness';
import { createLiveShow, createPiece, pieceInput, putOnAir } from '../../testing/pieces';
import { consoleChannel, createPiecesService, offsetSeconds } from './pieces.service';

type Body<T> = { status: number; message: string; data: T[] };

async function put<T>(t: TestApp, url: string, body: unknown, token?: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
  });
  return { http: res.statusCode, body: res.json<Body<T>>() };
}

const nowIso = (t: TestApp, plusMs = 0) => new Date(t.clock.now().getTime() + plusMs).toISOString();
const interestRows = (t: TestApp) => t.db.selectFrom('piece_interest').selectAll().orderBy('id').execute();

describe('offsetSeconds', () => {
  it('floors to whole seconds and never goes below zero', () => {
    expect(offsetSeconds('2026-06-15T18:01:30.900Z', '2026-06-15T18:00:00.000Z')).toBe(90);
    expect(offsetSeconds('2026-06-15T17:59:00.000Z', '2026-06-15T18:00:00.000Z')).toBe(0);
  });
});

describeEachEngine('staff pieces', (t) => {
  it('answers 401 to visitors and 403 to viewers on every staff call, and changes nothing', async () => {
    const piece = await createPiece(t());
    const viewer = await t().createViewer();
    const before = await t().db.selectFrom('pieces').selectAll().execute();
    const calls: ['GET' | 'POST' | 'PUT', string, unknown][] = [
      ['GET', '/api/staff/pieces', undefined],
      ['POST', '/api/staff/pieces', pieceInput()],
      ['PUT', `/api/staff/pieces/${piece.id}`, pieceInput({ name: 'Changed' })],
    ];
    for (const [method, url, body] of calls)
      for (const [token, status] of [
        [undefined, 401],
        [viewer.tokenvalue, 403],
      ] as const) {
        const res = await t().app.inject({
          method,
          url,
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { token } : {}),
          },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(res.json<Body<unknown>>().data).toEqual([]);
      }
    expect(await t().db.selectFrom('pieces').selectAll().execute()).toEqual(before);
  });

  it('creates a piece, stores its photos as a JSON list and lists it newest first with its interest count', async () => {
    const staff = await t().createStaff();
    const first = await t().post<StaffPiece>('/api/staff/pieces', pieceInput({ name: 'Opal Drop Pendant' }), {
      token: staff.tokenvalue,
    });
    expect(first.http).toBe(200);
    expect(first.body.message).toBe(PIECE_MESSAGES.saved);
    t().clock.advance(1_000);
    const photos = ['/media/demo/a.jpg', 'https://cdn.example.com/b.jpg'];
    const second = await t().post<StaffPiece>('/api/staff/pieces', pieceInput({ photos, stock: 0 }), {
      token: staff.tokenvalue,
    });
    expect(second.body.data[0]).toMatchObject({
      name: 'Padparadscha Halo Ring',
      carat: '1.25',
      price_cents: 489_900,
      stock: 0,
      photos,
      active: true,
      interested: 0,
    });
    const stored = await t()
      .db.selectFrom('pieces')
      .select('photos')
      .where('id', '=', second.body.data[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.photos)).toEqual(photos);

    const show = await createLiveShow(t());
    const viewer = await t().createViewer();
    await putOnAir(t().db, show.id, first.body.data[0]?.id ?? 0, nowIso(t()));
    await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: first.body.data[0]?.id },
      {
        token: viewer.tokenvalue,
      },
    );

    const list = await t().get<StaffPiece>('/api/staff/pieces', { token: staff.tokenvalue });
    expect(list.http).toBe(200);
    expect(list.body.data.map((p) => [p.name, p.interested])).toEqual([
      ['Padparadscha Halo Ring', 0],
      ['Opal Drop Pendant', 1],
    ]);
  });

  it('updates a piece and keeps its interest count', async () => {
    const staff = await t().createStaff();
    const piece = await createPiece(t());
    t().clock.advance(5_000);
    const res = await put<StaffPiece>(
      t(),
      `/api/staff/pieces/${piece.id}`,
      pieceInput({ name: 'Renamed Ring', stock: 1, active: false, photos: [] }),
      staff.tokenvalue,
    );
    expect(res.http).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      id: piece.id,
      name: 'Renamed Ring',
      stock: 1,
      active: false,
      photos: [],
      created_at: piece.created_at,
      updated_at: nowIso(t()),
    });
  });

  it('refuses bad input with the field at fault and changes nothing', async () => {
    const staff = await t().createStaff();
    const piece = await createPiece(t());
    const before = await t().db.selectFrom('pieces').selectAll().execute();
    const bad: [Partial<PieceInput> | Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ carat: 'heavy' }, 'carat'],
      [{ price_cents: 0 }, 'price_cents'],
      [{ stock: -1 }, 'stock'],
      [{ photos: ['javascript:alert(1)'] }, 'photos.0'],
      [{ photos: Array.from({ length: 7 }, (_, i) => `/media/p${i}.jpg`) }, 'photos'],
    ];
    for (const [fields, field] of bad) {
      const body = { ...pieceInput(), ...fields };
      const created = await t().post<{ field: string }>('/api/staff/pieces', body, { token: staff.tokenvalue });
      expect(created.http, field).toBe(400);
      expect(created.body.data.map((i) => i.field)).toContain(field);
      const updated = await put<{ field: string }>(t(), `/api/staff/pieces/${piece.id}`, body, staff.tokenvalue);
      expect(updated.http, field).toBe(400);
      expect(updated.body.data.map((i) => i.field)).toContain(field);
    }
    expect(await t().db.selectFrom('pieces').selectAll().execute()).toEqual(before);
  });

  it('answers 404 to an update of a missing piece', async () => {
    const staff = await t().createStaff();
    const res = await put(t(), '/api/staff/pieces/999', pieceInput(), staff.tokenvalue);
    expect(res.http).toBe(404);
    expect(res.body.message).toBe(PIECE_MESSAGES.notFound);
    expect(await t().db.selectFrom('pieces').selectAll().execute()).toEqual([]);
  });
});

describeEachEngine('nowshowing_v1', (t) => {
  it('answers an empty list when nothing is on air, and 404 for an unknown show', async () => {
    const show = await createLiveShow(t());
    const empty = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${show.id}`);
    expect(empty.http).toBe(200);
    expect(empty.body).toMatchObject({ status: 1, message: PIECE_MESSAGES.nothingShowing, data: [] });
    const missing = await t().get(`/api/nowshowing_v1?eventid=999`);
    expect(missing.http).toBe(404);
    expect(missing.body.message).toBe(PIECE_MESSAGES.showNotFound);
    const bad = await t().get(`/api/nowshowing_v1?eventid=abc`);
    expect(bad.http).toBe(400);
  });

  it('shows the piece on air since its newest showing, and whether the viewer already asked', async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t(), { photos: ['/media/demo/a.jpg', '/media/demo/b.jpg'] });
    const viewer = await t().createViewer();
    await putOnAir(t().db, show.id, piece.id, nowIso(t(), -120_000));
    await putOnAir(t().db, show.id, piece.id, nowIso(t(), -30_000));

    const anonymous = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${show.id}`);
    expect(anonymous.body.message).toBe(PIECE_MESSAGES.nowShowing);
    expect(anonymous.body.data[0]).toEqual({
      eventid: show.id,
      piece: {
        id: piece.id,
        name: piece.name,
        gemstone: piece.gemstone,
        carat: piece.carat,
        metal: piece.metal,
        size: piece.size,
        price_cents: piece.price_cents,
        stock: piece.stock,
        photos: ['/media/demo/a.jpg', '/media/demo/b.jpg'],
      },
      since: nowIso(t(), -30_000),
      wanted: false,
    });

    const want = await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: piece.id },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(want.http).toBe(200);
    const signedIn = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${show.id}`, { token: viewer.tokenvalue });
    expect(signedIn.body.data[0]?.wanted).toBe(true);

    await putOnAir(t().db, show.id, null, nowIso(t()));
    const cleared = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${show.id}`);
    expect(cleared.body.data).toEqual([]);
  });

  it('shows nothing once the show has ended', async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t());
    await putOnAir(t().db, show.id, piece.id, nowIso(t()));
    t().clock.advance(51 * 60_000);
    const res = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${show.id}`);
    expect(res.body).toMatchObject({ message: PIECE_MESSAGES.nothingShowing, data: [] });
  });

  it('hides a rehearsal copy from viewers and visitors, and shows it to staff', async () => {
    const source = await createLiveShow(t());
    const copy = await createLiveShow(t(), { rehearsal_of: source.id, is_public: 0 });
    const piece = await createPiece(t());
    await putOnAir(t().db, copy.id, piece.id, nowIso(t()));
    const viewer = await t().createViewer();
    const staff = await t().createStaff();

    for (const token of [undefined, viewer.tokenvalue]) {
      const res = await t().get(`/api/nowshowing_v1?eventid=${copy.id}`, token ? { token } : {});
      expect(res.http).toBe(404);
      expect(res.body.data).toEqual([]);
      const shown = await t().get(`/api/showpieces_v1?eventid=${copy.id}`, token ? { token } : {});
      expect(shown.http).toBe(404);
    }
    const want = await t().post(
      '/api/iwantthis_v1',
      { eventid: copy.id, pieceid: piece.id },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(want.http).toBe(404);
    const asStaff = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${copy.id}`, { token: staff.tokenvalue });
    expect(asStaff.http).toBe(200);
    expect(asStaff.body.data[0]?.piece.id).toBe(piece.id);
    // The show rehearsed is untouched.
    const real = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${source.id}`);
    expect(real.body.data).toEqual([]);
  });

  it("shows a rehearsal copy to that rehearsal's synthetic viewers only", async () => {
    const source = await createLiveShow(t());
    const copy = await createLiveShow(t(), { rehearsal_of: source.id, is_public: 0 });
    const otherCopy = await createLiveShow(t(), { rehearsal_of: source.id, is_public: 0 });
    const piece = await createPiece(t());
    await putOnAir(t().db, copy.id, piece.id, nowIso(t()));
    const rehearsal = (copyId: number) =>
      t()
        .db.insertInto('rehearsals')
        .values({ event_id: copyId, source_event_id: source.id, viewers: 2, started_by: null, created_at: nowIso(t()) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [mine, theirs] = [await rehearsal(copy.id), await rehearsal(otherCopy.id)];
    const [audience, stranger] = [await t().createViewer(), await t().createViewer()];
    await t().db.updateTable('users').set({ rehearsal_id: mine.id }).where('id', '=', audience.id).execute();
    await t().db.updateTable('users').set({ rehearsal_id: theirs.id }).where('id', '=', stranger.id).execute();

    const seen = await t().get<NowShowing>(`/api/nowshowing_v1?eventid=${copy.id}`, { token: audience.tokenvalue });
    expect(seen.body.data[0]?.piece.id).toBe(piece.id);
    const want = await t().post(
      '/api/iwantthis_v1',
      { eventid: copy.id, pieceid: piece.id },
      {
        token: audience.tokenvalue,
      },
    );
    expect(want.http).toBe(200);
    const hidden = await t().get(`/api/nowshowing_v1?eventid=${copy.id}`, { token: stranger.tokenvalue });
    expect(hidden.http).toBe(404);
  });
});

describeEachEngine('iwantthis_v1', (t) => {
  it('puts the viewer on the call-back list with their full name, e-mail and phone', async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t());
    const viewer = await t().createViewer({ first_name: 'Rosa', last_name: 'Delgado' });
    await putOnAir(t().db, show.id, piece.id, nowIso(t()));
    const res = await t().post<{ pieceid: number; created_at: string }>(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: piece.id },
      { token: viewer.tokenvalue },
    );
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({
      status: 1,
      message: PIECE_MESSAGES.wanted,
      data: [{ pieceid: piece.id, created_at: nowIso(t()) }],
    });
    expect(await interestRows(t())).toEqual([
      expect.objectContaining({
        piece_id: piece.id,
        user_id: viewer.id,
        event_id: show.id,
        name: 'Rosa Delgado',
        email: viewer.email,
        phone: viewer.phone,
        called_back_at: null,
      }),
    ]);
  });

  it('answers 401 without a token and 400 to a bad body, writing nothing', async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t());
    await putOnAir(t().db, show.id, piece.id, nowIso(t()));
    const viewer = await t().createViewer();
    const visitor = await t().post('/api/iwantthis_v1', { eventid: show.id, pieceid: piece.id });
    expect(visitor.http).toBe(401);
    const bad = await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: 'ring' },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(bad.http).toBe(400);
    expect(await interestRows(t())).toEqual([]);
  });

  it('refuses a piece the show never put on air (409), a missing piece or show (404)', async () => {
    const show = await createLiveShow(t());
    const other = await createLiveShow(t());
    const piece = await createPiece(t());
    await putOnAir(t().db, other.id, piece.id, nowIso(t()));
    const viewer = await t().createViewer();
    const notShown = await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: piece.id },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(notShown.http).toBe(409);
    expect(notShown.body.message).toBe(PIECE_MESSAGES.notShowing);
    const noPiece = await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: 999 },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(noPiece.http).toBe(404);
    expect(noPiece.body.message).toBe(PIECE_MESSAGES.notFound);
    const noShow = await t().post(
      '/api/iwantthis_v1',
      { eventid: 999, pieceid: piece.id },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(noShow.http).toBe(404);
    expect(noShow.body.message).toBe(PIECE_MESSAGES.showNotFound);
    expect(await interestRows(t())).toEqual([]);
  });

  it('takes a viewer once per piece: a second ask is a 409 that writes nothing', async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t());
    const other = await createPiece(t(), { name: 'Tanzanite Studs' });
    await putOnAir(t().db, show.id, piece.id, nowIso(t(), -60_000));
    await putOnAir(t().db, show.id, other.id, nowIso(t()));
    const viewer = await t().createViewer();
    const first = await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: piece.id },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(first.http).toBe(200);
    t().clock.advance(1_000);
    const again = await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: piece.id },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(PIECE_MESSAGES.alreadyWanted);
    const otherPiece = await t().post(
      '/api/iwantthis_v1',
      { eventid: show.id, pieceid: other.id },
      {
        token: viewer.tokenvalue,
      },
    );
    expect(otherPiece.http).toBe(200);
    expect((await interestRows(t())).map((r) => r.piece_id)).toEqual([piece.id, other.id]);
  });

  it('takes one of two presses at the same moment and answers the other 409', async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t());
    await putOnAir(t().db, show.id, piece.id, nowIso(t()));
    const viewer = await t().createViewer();
    const presses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t().post('/api/iwantthis_v1', { eventid: show.id, pieceid: piece.id }, { token: viewer.tokenvalue }),
      ),
    );
    expect(presses.map((p) => p.http).sort()).toEqual([200, 409, 409, 409]);
    expect(await interestRows(t())).toHaveLength(1);
  });

  it("tells the show's open consoles who asked, on the console channel", async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t());
    await putOnAir(t().db, show.id, piece.id, nowIso(t()));
    const viewer = await t().createViewer({ first_name: 'Ada', last_name: 'Moss' });
    const user = await t().db.selectFrom('users').selectAll().where('id', '=', viewer.id).executeTakeFirstOrThrow();
    const published: [string, string][] = [];
    const pieces = createPiecesService(t().app.ctx, {
      publish: async (channel, payload) => {
        published.push([channel, payload]);
      },
    });
    await pieces.want(user, { eventid: show.id, pieceid: piece.id });
    await expect(pieces.want(user, { eventid: show.id, pieceid: piece.id })).rejects.toThrow(
      PIECE_MESSAGES.alreadyWanted,
    );
    expect(published).toEqual([
      [consoleChannel(show.id), JSON.stringify({ action: 'interest', by: 'Ada Moss', at: nowIso(t()) })],
    ]);
  });

  it('limits presses per viewer', async () => {
    const show = await createLiveShow(t());
    const piece = await createPiece(t());
    await putOnAir(t().db, show.id, piece.id, nowIso(t()));
    const viewer = await t().createViewer();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await t().post(
        '/api/iwantthis_v1',
        { eventid: show.id, pieceid: piece.id },
        {
          token: viewer.tokenvalue,
        },
      );
      statuses.push(res.http);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(await interestRows(t())).toHaveLength(1);
  });
});

describeEachEngine('showpieces_v1', (t) => {
  it('lists the pieces shown in order with their second in the replay from the scheduled start', async () => {
    const show = await createLiveShow(t());
    const ring = await createPiece(t());
    const studs = await createPiece(t(), { name: 'Tanzanite Studs' });
    const start = Date.parse(show.cust_start);
    const at = (s: number) => new Date(start + s * 1000 + 400).toISOString();
    await putOnAir(t().db, show.id, ring.id, at(75));
    await putOnAir(t().db, show.id, studs.id, at(300));
    await putOnAir(t().db, show.id, ring.id, at(540));
    const res = await t().get<ShownPiece>(`/api/showpieces_v1?eventid=${show.id}`);
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(PIECE_MESSAGES.shownPieces);
    expect(res.body.data.map((s) => [s.piece.name, s.offset_seconds, s.shown_at])).toEqual([
      [ring.name, 75, at(75)],
      [studs.name, 300, at(300)],
      [ring.name, 540, at(540)],
    ]);
  });

  it('counts from when the show went live, never below zero', async () => {
    const show = await createLiveShow(t());
    const ring = await createPiece(t());
    const wentLive = nowIso(t(), -5 * 60_000);
    await putOnAir(t().db, show.id, ring.id, nowIso(t(), -6 * 60_000), wentLive);
    await putOnAir(t().db, show.id, ring.id, nowIso(t()));
    const res = await t().get<ShownPiece>(`/api/showpieces_v1?eventid=${show.id}`);
    expect(res.body.data.map((s) => s.offset_seconds)).toEqual([0, 300]);
  });

  it('answers an empty list for a show with no pieces, 404 for an unknown show, 400 for a bad id', async () => {
    const show = await createLiveShow(t());
    expect((await t().get(`/api/showpieces_v1?eventid=${show.id}`)).body.data).toEqual([]);
    const missing = await t().get('/api/showpieces_v1?eventid=999');
    expect(missing.http).toBe(404);
    expect(missing.body.message).toBe(PIECE_MESSAGES.showNotFound);
    expect((await t().get('/api/showpieces_v1')).http).toBe(400);
  });
});
