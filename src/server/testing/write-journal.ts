// A journal of every row the app writes, kept by triggers on every table of a test database, so a
// test can tell exactly which tables a request changed. Rolled-back writes leave no entry.
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';

const JOURNAL = 'test_write_journal';

export type WriteJournal = {
  /** The tables written since the previous call (or since the journal was installed). */
  writtenSince(): Promise<string[]>;
};

async function tablesOf(db: Db, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'
          and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db)
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()
          and tablename not like 'kysely_%'`.execute(db);
  return rows.rows.map((row) => row.name).filter((name) => name !== JOURNAL);
}

async function installSqlite(db: Db, tables: string[]) {
  await sql.raw(`create table ${JOURNAL} (id integer primary key autoincrement, tbl text not null)`).execute(db);
  for (const table of tables) {
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    // An UPDATE that sets every column to what it was is no write: only a changed column counts.
    const changed = columns.rows.map((column) => `old."${column.name}" is not new."${column.name}"`).join(' or ');
    const note = `insert into ${JOURNAL} (tbl) values ('${table}')`;
    await sql.raw(`create trigger tj_${table}_i after insert on "${table}" begin ${note}; end`).execute(db);
    await sql.raw(`create trigger tj_${table}_d after delete on "${table}" begin ${note}; end`).execute(db);
    await sql
      .raw(`create trigger tj_${table}_u after update on "${table}" when ${changed || '1'} begin ${note}; end`)
      .execute(db);
  }
}

async function installPostgres(db: Db, tables: string[]) {
  await sql.raw(`create table ${JOURNAL} (id bigserial primary key, tbl text not null)`).execute(db);
  await sql
    .raw(
      `create function ${JOURNAL}_note() returns trigger language plpgsql as $$
       begin insert into ${JOURNAL} (tbl) values (tg_table_name); return null; end $$`,
    )
    .execute(db);
  for (const table of tables) {
    await sql
      .raw(
        `create trigger tj_${table}_id after insert or delete on "${table}"
         for each row execute function ${JOURNAL}_note()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger tj_${table}_u after update on "${table}"
         for each row when (old.* is distinct from new.*) execute function ${JOURNAL}_note()`,
      )
      .execute(db);
  }
}

/** Installs the triggers on every table the migrations made; call it after the app is built. */
export async function installWriteJournal(db: Db, dialect: Dialect): Promise<WriteJournal> {
  const tables = await tablesOf(db, dialect);
  if (dialect === 'sqlite') await installSqlite(db, tables);
  else await installPostgres(db, tables);
  let seen = 0;
  return {
    async writtenSince() {
      const rows = await sql<{ id: number | string; tbl: string }>`select id, tbl from ${sql.table(JOURNAL)}
        where id > ${seen} order by id`.execute(db);
      const last = rows.rows.at(-1);
      if (last) seen = Number(last.id);
      return [...new Set(rows.rows.map((row) => row.tbl))];
    },
  };
}
