// Each Node line gets the SQLite engine that runs there, and both answer the driver's few calls alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './database';
import { openSqlite, sqliteEngine, type SqliteConnection } from './sqlite-engine';

describe('the embedded SQLite engine', () => {
  it('is node:sqlite from Node 24 on and better-sqlite3 on Node 20 and 22', () => {
    expect(sqliteEngine('20.19.0')).toBe('better-sqlite3');
    expect(sqliteEngine('22.23.3')).toBe('better-sqlite3');
    expect(sqliteEngine('24.0.0')).toBe('node:sqlite');
    expect(sqliteEngine('26.1.0')).toBe('node:sqlite');
  });

  const opened: SqliteConnection[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const connection of opened.splice(0)) connection.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const open = (file: string, options?: { readOnly?: boolean }) => {
    const connection = openSqlite(file, options);
    opened.push(connection);
    return connection;
  };

  it(`on this Node (${process.versions.node}) reads rows, counts changes and names a unique failure`, () => {
    const db = open(':memory:');
    expect(db.engine).toBe(sqliteEngine());
    db.exec('create table gems (id integer primary key, name text not null unique)');
    const insert = db.prepare('insert into gems (name) values (?)');
    expect(insert.reader).toBe(false);
    expect(insert.run(['ruby'])).toMatchObject({ changes: 1, lastInsertRowid: 1 });
    expect(Number(insert.run(['opal']).lastInsertRowid)).toBe(2);

    const returning = db.prepare('insert into gems (name) values (?) returning id, name');
    expect(returning.reader).toBe(true);
    expect(returning.all(['jade'])).toEqual([{ id: 3, name: 'jade' }]);

    const select = db.prepare('select name from gems where id > ? order by id');
    expect(select.reader).toBe(true);
    expect(select.all([1])).toEqual([{ name: 'opal' }, { name: 'jade' }]);

    let failure: unknown;
    try {
      insert.run(['ruby']);
    } catch (error) {
      failure = error;
    }
    expect(isUniqueViolation(failure, 'gems.name')).toBe(true);
  });

  it('opens a file read-only for a second reader, which sees the writes and may not write', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gemcast-engine-'));
    dirs.push(dir);
    const file = path.join(dir, 'g.db');
    const writer = open(file);
    writer.exec('pragma journal_mode = WAL; create table notes (body text)');
    writer.prepare('insert into notes (body) values (?)').run(['kept']);
    const reader = open(file, { readOnly: true });
    expect(reader.prepare('select body from notes').all([])).toEqual([{ body: 'kept' }]);
    expect(() => reader.prepare('insert into notes (body) values (?)').run(['refused'])).toThrow(/readonly/i);
  });
});
