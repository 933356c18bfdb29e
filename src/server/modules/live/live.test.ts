import { expect, it, vi } from 'vitest';
import type { Presence, RtcToken, Stream, WatchStats } from '../../../shared/contract/live';
import { describeEachEngine } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { liveRepository } from './live.repository';

const SECOND = 1000;
const AGORA = { agoraAppId: '0123456789abcdef0123456789abcdef', agoraCertificate: 'fedcba9876543210fedcba9876543210' };

describeEachEngine('live presence', (t) => {
  const liveShow = (fields = {}) =>
    t().createEvent({ cust_start: new Date(t().clock.now().getTime() - 60 * SECOND).toISOString(), ...fields });

  it('checks a viewer in once, keeping how they first came', async () => {
    const viewer = await t().createViewer();
    const show = await liveShow();
    const first = await t().get<Presence>('/api/iamatlive_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(show.id), reachby: 'SMS' },
    });
    expect(first.http).toBe(200);
    expect(first.body.message).toBe("You're checked in. Enjoy the show!");
    const again = await t().post(
      '/api/iamatlive_v2',
      { eventid: show.id, reachby: 'email' },
      { token: viewer.tokenvalue },
    );
    expect(again.http).toBe(200);
    expect(await t().db.selectFrom('live_checkins').select(['user_id', 'reachby']).execute()).toEqual([
      { user_id: viewer.id, reachby: 'sms' },
    ]);
  });

  it("reads a turn's watch logs for check-ins' answers in one query on PostgreSQL (decision 111)", async () => {
    const [a, b] = [await t().createViewer(), await t().createViewer()];
    const show = await liveShow();
    const now = t().clock.now().toISOString();
    const started = { event_id: show.id, seconds: 0, watching: 1, started_at: now, last_seen_at: now };
    await liveRepository.writeWatchLogs(
      t().db,
      [
        { ...started, user_id: a.id, reachby: 'sms' },
        { ...started, user_id: b.id, reachby: 'email' },
      ],
      [],
    );
    await liveRepository.writeWatchLogs(t().db, [], [{ ...started, user_id: a.id, reachby: 'sms', seconds: 42 }]);
    const counter = countingQueries(t().db);
    const asks = [a.id, b.id, a.id, 999_999];
    const logs = await Promise.all(asks.map((userId) => liveRepository.watchLog(counter.db, show.id, userId)));
    expect(logs.map((log) => log && [log.user_id, log.seconds])).toEqual([
      [a.id, 42],
      [b.id, 0],
      [a.id, 42],
      undefined,
    ]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 1 : asks.length);
    // A group of heartbeats reads its rows in one go, each viewing once, with none for a new one.
    const group = await liveRepository.lockWatchLogs(counter.db, t().engine, [
      { eventId: show.id, userId: a.id },
      { eventId: show.id, userId: 999_999 },
      { eventId: show.id, userId: b.id },
    ]);
    expect(counter.take()).toBe(1);
    // Every column as the group's statements wrote it, in its place.
    expect(group.get(`${show.id}:${a.id}`)).toEqual({ ...started, user_id: a.id, reachby: 'sms', seconds: 42 });
    expect([...group].map(([key, row]) => [key, row && row.seconds])).toEqual([
      [`${show.id}:${a.id}`, 42],
      [`${show.id}:999999`, null],
      [`${show.id}:${b.id}`, 0],
    ]);
  });

  it('answers heartbeats that arrive together each from its own row, two of one viewer in turn', async () => {
    const viewers = await Promise.all(Array.from({ length: 4 }, () => t().createViewer()));
    const show = await liveShow();
    const log = (token: string, watch_stream: string) =>
      t().get<Presence>('/api/userlivelog', { token, query: { eventid: String(show.id), watch_stream } });
    const first = viewers[0]!.tokenvalue;
    const starts = await Promise.all([...viewers.map((v) => log(v.tokenvalue, 'start')), log(first, 'start')]);
    expect(starts.map((res) => res.http)).toEqual([200, 200, 200, 200, 200]);
    t().clock.advance(30 * SECOND);
    const beats = await Promise.all([...viewers.map((v) => log(v.tokenvalue, 'heartbeat')), log(first, 'heartbeat')]);
    expect(beats.map((res) => res.body.data[0]?.watched_seconds)).toEqual([30, 30, 30, 30, 30]);
    const rows = await t().db.selectFrom('watch_logs').select(['seconds', 'watching']).execute();
    expect(rows).toEqual(viewers.map(() => ({ seconds: 30, watching: 1 })));
    expect((await log(viewers[1]!.tokenvalue, 'heartbeat')).body.data[0]?.viewers).toBe(4);
  });

  it('turns heartbeats into watched seconds, capped across gaps, and counts viewers', async () => {
    const [a, b] = [await t().createViewer(), await t().createViewer()];
    const show = await liveShow();
    const log = (token: string, watch_stream: string) =>
      t().get<Presence>('/api/userlivelog', { token, query: { eventid: String(show.id), watch_stream } });
    await log(a.tokenvalue, 'start');
    const bStart = await log(b.tokenvalue, 'start');
    expect(bStart.body.data[0]?.viewers).toBe(2);
    t().clock.advance(30 * SECOND);
    expect((await log(a.tokenvalue, 'heartbeat')).body.data[0]?.watched_seconds).toBe(30);
    t().clock.advance(10 * 60 * SECOND); // the laptop slept: only the presence window counts
    const late = await log(a.tokenvalue, 'heartbeat');
    expect(late.body.data[0]).toMatchObject({ watched_seconds: 120, viewers: 1 });
    t().clock.advance(20 * SECOND);
    expect((await log(a.tokenvalue, 'stop')).body.data[0]).toMatchObject({ watched_seconds: 140, viewers: 0 });
  });

  it('counts the watchers once a second at a show start, and keeps the count right meanwhile', async () => {
    const viewers = await Promise.all(Array.from({ length: 6 }, () => t().createViewer()));
    const show = await liveShow();
    const start = (token: string) =>
      t().get<Presence>('/api/userlivelog', { token, query: { eventid: String(show.id), watch_stream: 'start' } });
    const counting = vi.spyOn(liveRepository, 'watchingSince');
    try {
      const answered = [];
      for (const viewer of viewers.slice(0, 5)) answered.push((await start(viewer.tokenvalue)).body.data[0]?.viewers);
      // Each start counts itself in, though the watch log was counted only once.
      expect(answered).toEqual([1, 2, 3, 4, 5]);
      expect(counting).toHaveBeenCalledTimes(1);
      // A watcher added behind this process's back (another process) is in the count a second later.
      await t()
        .db.insertInto('watch_logs')
        .values({
          event_id: show.id,
          user_id: viewers[5]!.id,
          reachby: 'web',
          seconds: 0,
          watching: 1,
          started_at: t().clock.now().toISOString(),
          last_seen_at: t().clock.now().toISOString(),
        })
        .execute();
      t().clock.advance(SECOND);
      const checkIn = await t().get<Presence>('/api/iamatlive_v1', {
        token: viewers[0]!.tokenvalue,
        query: { eventid: String(show.id) },
      });
      expect(checkIn.body.data[0]?.viewers).toBe(6);
      expect(counting).toHaveBeenCalledTimes(2);
    } finally {
      counting.mockRestore();
    }
  });

  it('refuses check-ins and heartbeats when the show is not live, and bad input', async () => {
    const viewer = await t().createViewer();
    const upcoming = await t().createEvent();
    const notLive = await t().get('/api/iamatlive_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(upcoming.id) },
    });
    expect([notLive.http, notLive.body.message]).toEqual([422, 'This show is not live right now.']);
    expect(
      (
        await t().get('/api/userlivelog', {
          token: viewer.tokenvalue,
          query: { eventid: String(upcoming.id), watch_stream: 'start' },
        })
      ).http,
    ).toBe(422);
    expect(
      (
        await t().get('/api/userlivelog', {
          token: viewer.tokenvalue,
          query: { eventid: String(upcoming.id), watch_stream: 'pause' },
        })
      ).body.message,
    ).toBe('watch_stream is start, heartbeat or stop.');
    expect(
      (
        await t().get('/api/iamatlive_v1', {
          token: viewer.tokenvalue,
          query: { eventid: String(upcoming.id), reachby: '<script>' },
        })
      ).http,
    ).toBe(400);
    expect((await t().get('/api/iamatlive_v1', { token: viewer.tokenvalue, query: { eventid: '9999' } })).http).toBe(
      404,
    );
    expect((await t().get('/api/iamatlive_v1', { query: { eventid: String(upcoming.id) } })).http).toBe(401);
    expect(await t().db.selectFrom('live_checkins').select('user_id').execute()).toHaveLength(0);
    expect(await t().db.selectFrom('watch_logs').select('user_id').execute()).toHaveLength(0);
  });

  it('refuses a check-in body whose id is not a JSON number, checking no one in', async () => {
    const viewer = await t().createViewer();
    const show = await liveShow();
    for (const eventid of [true, [show.id], String(show.id)]) {
      const res = await t().post('/api/iamatlive_v2', { eventid }, { token: viewer.tokenvalue });
      expect([res.http, res.body.message]).toEqual([400, 'eventid is a number.']);
    }
    expect(await t().db.selectFrom('live_checkins').select('user_id').execute()).toHaveLength(0);
  });

  it('gives staff the watch statistics of a show, and keeps viewers out', async () => {
    const staff = await t().createStaff();
    const viewer = await t().createViewer();
    const show = await liveShow();
    await t().post('/api/iamatlive_v2', { eventid: show.id, reachby: 'facebook' }, { token: viewer.tokenvalue });
    await t().get('/api/userlivelog', {
      token: viewer.tokenvalue,
      query: { eventid: String(show.id), watch_stream: 'start' },
    });
    t().clock.advance(60 * SECOND);
    await t().get('/api/userlivelog', {
      token: viewer.tokenvalue,
      query: { eventid: String(show.id), watch_stream: 'heartbeat' },
    });
    const stats = await t().get<WatchStats>(`/api/staff/events/${show.id}/stats`, { token: staff.tokenvalue });
    expect(stats.body.data[0]).toEqual({
      rsvps: 0,
      checkins: 1,
      viewers_now: 1,
      watchers: 1,
      total_watch_minutes: 1,
      average_watch_minutes: 1,
      by_reachby: [{ key: 'facebook', count: 1 }],
    });
    expect((await t().get(`/api/staff/events/${show.id}/stats`, { token: viewer.tokenvalue })).http).toBe(403);
  });

  it('gives a viewer the stream of the show on air, and keeps visitors out of it', async () => {
    const viewer = await t().createViewer();
    const show = await liveShow({ stream_url: '/media/demo/live.m3u8', replay_url: 'https://example.com/replay.m3u8' });
    const res = await t().get<Stream>('/api/eventstream_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(show.id) },
    });
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual([
      { eventid: show.id, kind: 'live', platform: 'hls', source: '/media/demo/live.m3u8' },
    ]);
    const visitor = await t().get('/api/eventstream_v1', { query: { eventid: String(show.id) } });
    expect([visitor.http, visitor.body.message]).toEqual([401, 'Please log in to continue.']);
    const expired = await t().get('/api/eventstream_v1', {
      token: 'u_not-a-real-token',
      query: { eventid: String(show.id) },
    });
    expect(expired.http).toBe(401);
  });

  it('gives anyone the replay of an ended show, empty when there is none', async () => {
    const ended = (fields = {}) =>
      t().createEvent({
        cust_start: new Date(t().clock.now().getTime() - 3 * 3600 * SECOND).toISOString(),
        cust_end: new Date(t().clock.now().getTime() - 3600 * SECOND).toISOString(),
        ...fields,
      });
    const withReplay = await ended({
      platform: 'youtube',
      stream_url: 'dQw4w9WgXcQ',
      replay_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const without = await ended();
    const res = await t().get<Stream>('/api/eventstream_v1', { query: { eventid: String(withReplay.id) } });
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual([
      {
        eventid: withReplay.id,
        kind: 'replay',
        platform: 'youtube',
        source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ]);
    expect(
      (await t().get<Stream>('/api/eventstream_v1', { query: { eventid: String(without.id) } })).body.data[0]?.source,
    ).toBe('');
  });

  it('has nothing to play before the start, and refuses bad ids', async () => {
    const viewer = await t().createViewer();
    const upcoming = await t().createEvent({ stream_url: '/media/demo/live.m3u8' });
    const early = await t().get('/api/eventstream_v1', {
      token: viewer.tokenvalue,
      query: { eventid: String(upcoming.id) },
    });
    expect([early.http, early.body.message, early.body.data]).toEqual([422, 'This show is not live right now.', []]);
    const bad = await t().get('/api/eventstream_v1', { token: viewer.tokenvalue, query: { eventid: 'abc' } });
    expect([bad.http, bad.body.status, bad.body.message]).toEqual([400, -1, 'eventid is a number.']);
    expect((await t().get('/api/eventstream_v1', { token: viewer.tokenvalue, query: { eventid: '9999' } })).http).toBe(
      404,
    );
  });

  it("answers 503 'Failed to get token' for an Agora token when Agora is not configured", async () => {
    const viewer = await t().createViewer();
    const res = await t().get('/api/rtctokngenerator_v2', { token: viewer.tokenvalue });
    expect(res.http).toBe(503);
    expect(res.body.message).toBe('Failed to get token');
    expect((await t().get('/api/rtctokngenerator_v2')).http).toBe(401);
  });
});

describeEachEngine(
  'Agora token',
  (t) => {
    it('builds an audience token for the Agora show live now', async () => {
      const viewer = await t().createViewer();
      await t().createEvent({
        platform: 'agora',
        stream_url: 'gemcast-live',
        cust_start: new Date(t().clock.now().getTime() - 60 * SECOND).toISOString(),
      });
      const res = await t().get<RtcToken>('/api/rtctokngenerator_v2', { token: viewer.tokenvalue });
      expect(res.http).toBe(200);
      expect(res.body.data[0]).toMatchObject({ appId: AGORA.agoraAppId, channel: 'gemcast-live', uid: viewer.id });
      expect(res.body.data[0]?.token).toMatch(/^007/);
    });
    it('says so when no Agora show is live', async () => {
      const viewer = await t().createViewer();
      const res = await t().get('/api/rtctokngenerator_v2', { token: viewer.tokenvalue });
      expect([res.http, res.body.message]).toEqual([404, 'Nothing is live on Agora right now.']);
    });
  },
  AGORA,
);
