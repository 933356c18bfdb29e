import { describe, expect, it } from 'vitest';
import { FLAG_RULES, minuteOf, voteFlags, type FlagVote } from './vote-flags';

const T0 = Date.parse('2026-06-15T18:00:00Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

let seq = 0;
/** A vote cast `at` ms after T0 from an account made ten days before, each from its own network. */
function vote(at: number, fields: Partial<FlagVote> = {}): FlagVote {
  seq += 1;
  return {
    id: seq,
    account_created_at: iso(T0 - 10 * DAY),
    cast_at: iso(T0 + at),
    network: `198.51.100.${seq % 250}`,
    visitor: '',
    voided: false,
    ...fields,
  };
}

/** Votes spread one every `gap` ms from T0. */
const spread = (count: number, gap: number, fields: Partial<FlagVote> = {}) =>
  Array.from({ length: count }, (_, i) => vote(i * gap, fields));

describe('voteFlags', () => {
  it('raises nothing for an entry with ordinary votes', () => {
    expect(voteFlags(spread(40, 3 * MIN))).toEqual([]);
    expect(voteFlags([])).toEqual([]);
  });

  it('flags votes from accounts made less than a day before the vote, from five on', () => {
    const young = (at: number) => vote(at * 7 * MIN, { account_created_at: iso(T0 + at * 7 * MIN - 23 * 60 * MIN) });
    const four = [1, 2, 3, 4].map(young);
    const old = spread(10, 5 * MIN);
    expect(voteFlags([...four, ...old])).toEqual([]);
    const fifth = young(5);
    const flags = voteFlags([...four, fifth, ...old]);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'new_accounts', vote_ids: [...four, fifth].map((v) => v.id) });
    expect(flags[0]?.summary).toBe('5 votes from accounts made less than a day before voting');
    // Exactly a day old is not new; an account made after the vote (clock skew) is not counted.
    const edge = [1, 2, 3, 4, 5].map((i) => vote(i * 9 * MIN, { account_created_at: iso(T0 + i * 9 * MIN - DAY) }));
    expect(voteFlags(edge)).toEqual([]);
  });

  it('flags five or more votes from one network, biggest group first', () => {
    const a = spread(5, 4 * MIN, { network: '203.0.113.9' });
    const b = spread(7, 4 * MIN, { network: '2001:db8:a::/48' });
    const c = spread(4, 4 * MIN, { network: '192.0.2.1' });
    const flags = voteFlags([...a, ...b, ...c]);
    expect(flags.map((f) => [f.kind, f.vote_ids.length])).toEqual([
      ['one_network', 7],
      ['one_network', 5],
    ]);
    expect(flags[0]?.summary).toBe('7 votes from one network (2001:db8:a::/48)');
    expect(flags[1]?.vote_ids).toEqual(a.map((v) => v.id));
  });

  it('flags two or more votes from one visitor token (one browser, several accounts)', () => {
    const one = [vote(0, { visitor: 'abc' }), vote(10 * MIN, { visitor: 'def' })];
    expect(voteFlags(one)).toEqual([]);
    const two = [...one, vote(20 * MIN, { visitor: 'abc' })];
    expect(voteFlags(two)).toEqual([
      {
        kind: 'one_visitor',
        summary: '2 votes from one browser (visitor abc) by different accounts',
        vote_ids: [one[0]!.id, two[2]!.id],
      },
    ]);
  });

  it('flags a minute with ten or more votes and five times the usual rate', () => {
    // 30 votes over an hour (half a vote a minute), then 12 in one minute: a burst.
    const usual = spread(30, 2 * MIN);
    const burst = Array.from({ length: 12 }, (_, i) => vote(70 * MIN + i * 1000));
    const flags = voteFlags([...usual, ...burst]);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'burst', vote_ids: burst.map((v) => v.id) });
    expect(flags[0]?.summary).toMatch(/^12 votes in the minute 2026-06-15 19:10 UTC, against a usual 0\.4 a minute$/);
    // Nine in a minute is never a burst; nor is a busy minute of an entry that is always busy.
    expect(voteFlags([...usual, ...burst.slice(0, 9)])).toEqual([]);
    const busy = Array.from({ length: 10 * 12 }, (_, i) => vote(Math.floor(i / 12) * MIN + (i % 12) * 1000));
    expect(voteFlags(busy)).toEqual([]);
  });

  it('flags every vote of an entry that got all its votes in one minute, from ten on', () => {
    const all = Array.from({ length: 10 }, (_, i) => vote(i * 1000));
    expect(voteFlags(all).map((f) => f.kind)).toEqual(['burst']);
    expect(voteFlags(all.slice(1))).toEqual([]);
  });

  it('leaves voided votes out of every flag', () => {
    const same = spread(6, 4 * MIN, { network: '203.0.113.9' });
    expect(voteFlags(same).map((f) => f.kind)).toEqual(['one_network']);
    expect(voteFlags(same.map((v, i) => ({ ...v, voided: i < 2 })))).toEqual([]);
  });

  it('takes other thresholds, and names minutes in UTC', () => {
    const votes = spread(2, 4 * MIN, { network: 'n' });
    expect(voteFlags(votes, { ...FLAG_RULES, networkVotes: 2 }).map((f) => f.kind)).toEqual(['one_network']);
    expect(minuteOf('2026-06-15T11:05:59.999-07:00')).toBe('2026-06-15T18:05');
  });
});
