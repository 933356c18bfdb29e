import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWERS_ID, firstScreenReads, HOME_EVENT_LISTS, readKey } from '../../../shared/first-screen';
import { eventIdFrom, eventListQuery, isEventRecord } from './queries';

const show = {
  id: 4,
  type: 'show',
  title: 'Sapphire Sunday',
  description: 'Blue stones all evening.',
  image: '',
  cust_start: '2024-03-10T02:00:00.000Z',
  cust_end: '2024-03-10T04:00:00.000Z',
  IS_Public: 1,
  platform: 'hls',
  status: 'upcoming',
};

describe('isEventRecord', () => {
  it('accepts an event as the contract describes it', () => {
    expect(isEventRecord(show)).toBe(true);
  });

  it('refuses a record with a missing or mistyped field', () => {
    expect(isEventRecord({ ...show, id: '4' })).toBe(false);
    expect(isEventRecord({ ...show, status: 'soon' })).toBe(false);
    expect(isEventRecord({ ...show, type: 'auction' })).toBe(false);
    const { title: _title, ...untitled } = show;
    expect(isEventRecord(untitled)).toBe(false);
    expect(isEventRecord(null)).toBe(false);
  });
});

describe('eventIdFrom', () => {
  it('reads a positive whole number and nothing else', () => {
    expect(eventIdFrom('42')).toBe(42);
    expect(eventIdFrom('0')).toBeNull();
    expect(eventIdFrom('4a')).toBeNull();
    expect(eventIdFrom(undefined)).toBeNull();
    expect(eventIdFrom('99999999999')).toBeNull();
  });
});

describe('eventListQuery on the home page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes each home list from the answers the server put in the page, asking the network for none', async () => {
    const answers = Object.fromEntries(
      firstScreenReads('/home').map(({ path, query }) => [
        readKey(path, query),
        { status: 1, statusCode: 200, message: 'OK', data: [{ ...show, title: readKey(path, query) }] },
      ]),
    );
    const element = { textContent: JSON.stringify(answers) };
    vi.stubGlobal('document', { getElementById: (id: string) => (id === EARLY_ANSWERS_ID ? element : null) });
    vi.stubGlobal('performance', { now: () => 1000 });
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    for (const { type, on, limit } of Object.values(HOME_EVENT_LISTS)) {
      const [event] = await client.fetchQuery(eventListQuery(type, on, limit));
      expect(event?.title).toBe(`/api/eventlist_v1?limit=${limit}&on=${on}&type=${type}`);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
