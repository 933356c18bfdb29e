import { describe, expect, it } from 'vitest';
import type { StaffEventRecord } from '../../../../shared/contract/staff-events';
import { newShowValues, ShowFormSchema, showValues, type ShowFormValues } from './show-form-values';

const values = (overrides: Partial<ShowFormValues> = {}): ShowFormValues => ({
  ...newShowValues('show', new Date('2026-06-20T16:10:00Z')),
  title: 'Emerald Evening',
  stream_url: 'https://stream.example.com/live/emerald.m3u8',
  ...overrides,
});

function issuesOf(input: ShowFormValues): Record<string, string> {
  const result = ShowFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the show form', () => {
  it('starts a new show at the next whole hour, Los Angeles time, for an hour', () => {
    expect(newShowValues('specialshow', new Date('2026-06-20T16:10:00Z'))).toMatchObject({
      type: 'specialshow',
      cust_start: '2026-06-20T10:00',
      cust_end: '2026-06-20T11:00',
      IS_Public: true,
      platform: 'hls',
    });
  });

  it('sends Los Angeles wall-clock times with their offset, either side of the spring change', () => {
    const result = ShowFormSchema.parse(values({ cust_start: '2026-03-08T01:00', cust_end: '2026-03-08T04:00' }));
    expect(result).toMatchObject({
      cust_start: '2026-03-08T01:00:00-08:00',
      cust_end: '2026-03-08T04:00:00-07:00',
      IS_Public: 1,
    });
    // Three hours on the wall clock, two in real time: the clocks skipped one.
    expect(new Date(result.cust_end).getTime() - new Date(result.cust_start).getTime()).toBe(2 * 3_600_000);
  });

  it('puts the contract’s messages on the fields they are about', () => {
    expect(issuesOf(values({ cust_start: '2026-06-20T19:00', cust_end: '2026-06-20T18:00' }))).toEqual({
      cust_end: 'The end must come after the start.',
    });
    expect(issuesOf(values({ stream_url: 'https://stream.example.com/live.mp4' }))).toEqual({
      stream_url: 'That is not a hls stream address.',
    });
    expect(issuesOf(values({ title: ' ', cust_start: '' }))).toEqual({
      title: 'Give the event a title.',
      cust_start: 'Choose the day and time it starts.',
    });
    expect(issuesOf(values({ cust_end: '2026-02-30T10:00' }))).toEqual({
      cust_end: 'That day does not exist. Check the date.',
    });
  });

  it('on the night the clocks go back, reads an end that looks earlier on the wall clock as earlier', () => {
    // 1:30 PDT to 1:15 PST is 45 minutes later in real time, but the form reads 1:15 as the first 1:15.
    expect(issuesOf(values({ cust_start: '2026-11-01T01:30', cust_end: '2026-11-01T01:15' }))).toEqual({
      cust_end: 'The end must come after the start.',
    });
  });

  it('fills the edit form from a stored show, in Los Angeles time', () => {
    const show: StaffEventRecord = {
      id: 7,
      type: 'giveaway',
      title: 'Pearl Drop',
      description: '',
      image: '/media/pearls.jpg',
      cust_start: '2026-12-20T03:00:00.000Z',
      cust_end: '2026-12-20T05:00:00.000Z',
      IS_Public: 0,
      platform: 'youtube',
      status: 'upcoming',
      stream_url: 'dQw4w9WgXcQ',
      replay_url: '',
      rsvp_count: 0,
    };
    expect(showValues(show)).toEqual({
      type: 'giveaway',
      title: 'Pearl Drop',
      description: '',
      image: '/media/pearls.jpg',
      cust_start: '2026-12-19T19:00',
      cust_end: '2026-12-19T21:00',
      IS_Public: false,
      platform: 'youtube',
      stream_url: 'dQw4w9WgXcQ',
      replay_url: '',
    });
    expect(ShowFormSchema.safeParse(showValues(show)).success).toBe(true);
  });
});
