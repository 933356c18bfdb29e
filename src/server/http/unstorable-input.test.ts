// Input that passes a schema yet cannot reach the database, and URLs the router cannot decode:
// each is refused with a 400 envelope, never a 500, and nothing is written (found by decision 078).
import { expect, it } from 'vitest';
import { MAX_ID } from '../../shared/contract/ids';
import { MESSAGES } from '../../shared/messages';
import { describeEachEngine, type TestApp } from '../testing/harness';

const TOO_LARGE = String(MAX_ID + 1);
const SESSION = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

async function analyticsRows(t: TestApp) {
  const row = await t.db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachEngine('input the database cannot take', (t) => {
  it('refuses an id beyond any record in a query string, a path and a body with a 400', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const asQuery = await t().get('/api/eventdata_v1', { query: { eventid: TOO_LARGE } });
    const asPath = await t().get(`/api/staff/events/${TOO_LARGE}/questions`, { token: staff.tokenvalue });
    const asBody = await t().post('/api/specialeventemail', { eventid: MAX_ID + 1 }, { token: viewer.tokenvalue });
    const asCursor = await t().get('/api/getnotification', {
      token: viewer.tokenvalue,
      query: { cursor: '9007199254740972' },
    });
    for (const res of [asQuery, asPath, asBody, asCursor]) {
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: -1, statusCode: 400, data: expect.any(Array) });
    }
  });

  it('still finds nothing, rather than refuse, for the largest id a record can have', async () => {
    const res = await t().get('/api/eventdata_v1', { query: { eventid: String(MAX_ID) } });
    expect(res.http).toBe(404);
  });

  it('stores text holding NUL where the engine can, and otherwise refuses it with a 400 and writes nothing', async () => {
    const res = await t().post('/api/trackevent', { session_id: SESSION, category: 'a\u0000b', action: 'click' });
    if (t().engine === 'postgres') {
      expect(res.http).toBe(400);
      expect(res.body).toEqual({ status: -1, statusCode: 400, message: MESSAGES.invalidInput, data: [] });
      expect(await analyticsRows(t())).toBe(0);
    } else {
      expect(res.http).toBe(200);
      expect(await analyticsRows(t())).toBe(1);
    }
  });

  it('refuses a URL whose path does not decode (a lone surrogate) with a 400 envelope', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/unsubscribe/x%ED%BF%BFy' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: -1, statusCode: 400, message: MESSAGES.invalidInput, data: [] });
  });
});
