import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { unavailableMessage } from './errors';

describe('unavailableMessage (decision 092)', () => {
  it('answers "cannot save" for a full disk or a read-only database on either engine', () => {
    for (const error of [
      { code: 'SQLITE_FULL' },
      { code: 'SQLITE_READONLY' },
      { code: 'SQLITE_IOERR_WRITE' },
      { code: 'SQLITE_IOERR_FSYNC' },
      { errcode: 13 }, // node:sqlite numbers the code: SQLITE_FULL
      { errcode: 10 | (3 << 8) }, // SQLITE_IOERR_WRITE
      { errcode: 8 | (1 << 8) }, // SQLITE_READONLY_RECOVERY
      { code: '53100' }, // PostgreSQL disk full
      { code: '25006' }, // PostgreSQL read-only transaction
    ])
      expect(unavailableMessage(error), JSON.stringify(error)).toBe(MESSAGES.cannotSave);
  });

  it('answers "briefly unavailable" for an unreachable, restarting or overloaded database', () => {
    for (const error of [
      { code: 'ECONNREFUSED' },
      { code: 'ECONNRESET' },
      { code: '57P01' }, // admin shutdown
      { code: '57P03' }, // the database system is starting up
      { code: '08006' }, // connection failure
      { code: '53300' }, // too many connections
      { code: 'SQLITE_BUSY' },
      { message: 'Connection terminated unexpectedly' },
      { message: 'timeout exceeded when trying to connect' },
    ])
      expect(unavailableMessage(error), JSON.stringify(error)).toBe(MESSAGES.unavailable);
  });

  it('leaves every other error to the 500 path or its own mapping', () => {
    for (const error of [
      { code: '23505' },
      { code: 'SQLITE_CONSTRAINT_UNIQUE' },
      { errcode: 2067 },
      { code: '22021' },
      new Error('boom'),
      null,
      'text',
    ])
      expect(unavailableMessage(error), JSON.stringify(error)).toBeNull();
  });
});
