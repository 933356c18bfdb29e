// Test factories for the producer console: a piece of the catalogue, a show on air, and the
// console's calls as one staff member makes them.
import type { ConsoleAction, ConsoleSnapshot, Rundown } from '../../../shared/contract/console';
import type { TestApp } from '../../testing/harness';

const MINUTE = 60_000;

/** A piece of the catalogue, written straight to the table. */
export async function createPiece(t: TestApp, name = 'Emerald ring') {
  const at = t.clock.now().toISOString();
  return t.db
    .insertInto('pieces')
    .values({
      name,
      gemstone: 'Emerald',
      carat: '1.25',
      metal: '18k gold',
      size: '7',
      price_cents: 249_900,
      stock: 3,
      photos: JSON.stringify(['/media/pieces/emerald.jpg']),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A show on air for ten minutes, fifty to go. */
export function createLiveShow(t: TestApp, fields: Parameters<TestApp['createEvent']>[0] = {}) {
  const now = t.clock.now().getTime();
  return t.createEvent({
    type: 'show',
    title: 'Emerald Evening',
    cust_start: new Date(now - 10 * MINUTE).toISOString(),
    cust_end: new Date(now + 50 * MINUTE).toISOString(),
    ...fields,
  });
}

async function send<T>(t: TestApp, method: 'PUT' | 'DELETE', url: string, body: unknown, token?: string) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { http: response.statusCode, body: response.json<{ message: string; data: T[] }>() };
}

export function consoleCalls(t: TestApp, eventId: number, token: string) {
  return {
    snapshot: () => t.get<ConsoleSnapshot>(`/api/staff/console/${eventId}`, { token }),
    act: (action: ConsoleAction | { action: string; [field: string]: unknown }, as = token) =>
      t.post<ConsoleSnapshot>(`/api/staff/console/${eventId}/act`, action, { token: as }),
    add: (segment: Record<string, unknown>) =>
      t.post<Rundown>(`/api/staff/console/${eventId}/segments`, segment, { token }),
    update: (id: number, segment: Record<string, unknown>) =>
      send<Rundown>(t, 'PUT', `/api/staff/console/${eventId}/segments/${id}`, segment, token),
    remove: (id: number) =>
      send<Rundown>(t, 'DELETE', `/api/staff/console/${eventId}/segments/${id}`, undefined, token),
    reorder: (ids: number[]) => send<Rundown>(t, 'PUT', `/api/staff/console/${eventId}/rundown/order`, { ids }, token),
  };
}
