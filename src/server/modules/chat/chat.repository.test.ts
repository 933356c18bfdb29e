import { expect, it } from 'vitest';
import { sha256Hex } from '../../platform/secrets';
import { describeEachEngine } from '../../testing/harness';
import { countingQueries } from '../../testing/query-counter';
import { chatRepository } from './chat.repository';

// Every viewer's chat join reads the room's settings, and every first chat token the session behind
// it: on PostgreSQL the asks of one turn share a query (decision 111), on SQLite each is its own.
describeEachEngine('chat reads of a show start', (t) => {
  it("answers a turn's room settings each with its own room, in one query on PostgreSQL", async () => {
    const at = t().clock.now().toISOString();
    await chatRepository.saveRoomSettings(t().db, 'show:1', { slow_mode_seconds: 5 }, at);
    await chatRepository.saveRoomSettings(t().db, 'lobby', { paused: 1 }, at);
    const counter = countingQueries(t().db);
    const rooms = ['show:1', 'lobby', 'show:1', 'show:2'];
    const settings = await Promise.all(rooms.map((room) => chatRepository.roomSettings(counter.db, room)));
    expect(settings.map((row) => row && [row.room, row.slow_mode_seconds, row.paused])).toEqual([
      ['show:1', 5, 0],
      ['lobby', 0, 1],
      ['show:1', 5, 0],
      undefined,
    ]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 1 : rooms.length);
    // A change is seen by the next read, and a transaction reads on its own connection.
    await chatRepository.saveRoomSettings(counter.db, 'show:1', { slow_mode_seconds: 0 }, at);
    counter.take();
    await counter.db.transaction().execute(async (trx) => {
      expect((await chatRepository.roomSettings(trx, 'show:1'))?.slow_mode_seconds).toBe(0);
    });
    expect(counter.take()).toBe(1);
  });

  it("answers a turn's session ids by token hash, in one query on PostgreSQL", async () => {
    const [ruby, opal] = [await t().createViewer(), await t().createViewer()];
    const counter = countingQueries(t().db);
    const hashes = [ruby.tokenvalue, opal.tokenvalue, 'not-a-token'].map((token) => sha256Hex(token));
    const sessions = await Promise.all(hashes.map((hash) => chatRepository.sessionIdByHash(counter.db, hash)));
    const owners = await Promise.all(
      sessions.map((session) =>
        session
          ? t().db.selectFrom('sessions').select('user_id').where('id', '=', session.id).executeTakeFirst()
          : undefined,
      ),
    );
    expect(owners.map((owner) => owner?.user_id)).toEqual([ruby.id, opal.id, undefined]);
    expect(counter.take()).toBe(t().engine === 'postgres' ? 1 : hashes.length);
  });
});
