// `npm run staff -- add EMAIL` grants staff rights; `remove EMAIL` takes them away; `list` shows staff.
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { normalizeEmail } from '../../shared/validation';

async function run() {
  const [command, rawEmail] = process.argv.slice(2);
  const config = loadConfig();
  const handle = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'sqlite', file: `${config.dataDir}/gemcast.db` },
  );
  await migrate(handle);
  try {
    if (command === 'list') {
      const staff = await handle.db
        .selectFrom('users')
        .select(['email', 'first_name', 'last_name'])
        .where('is_staff', '=', 1)
        .orderBy('email')
        .execute();
      for (const s of staff) console.log(`${s.email}\t${s.first_name} ${s.last_name}`);
      if (!staff.length) console.log('No staff yet.');
      return 0;
    }
    if ((command !== 'add' && command !== 'remove') || !rawEmail) {
      console.error('Usage: npm run staff -- add EMAIL | remove EMAIL | list');
      return 2;
    }
    const email = normalizeEmail(rawEmail);
    const result = await handle.db
      .updateTable('users')
      .set({ is_staff: command === 'add' ? 1 : 0, updated_at: new Date().toISOString() })
      .where('email', '=', email)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) {
      console.error(`No account uses ${email}. The person must register first.`);
      return 1;
    }
    console.log(command === 'add' ? `${email} is now staff.` : `${email} is no longer staff.`);
    return 0;
  } finally {
    await handle.close();
  }
}

run().then((code) => process.exit(code));
