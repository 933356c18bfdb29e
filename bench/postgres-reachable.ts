// Whether a PostgreSQL server answers at `url` within a second: the benches skip their PostgreSQL
// rows when it does not.
import pg from 'pg';

export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
