import { describe, expect, it } from 'vitest';
import { eventIdFrom, isEventRecord } from './queries';

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
