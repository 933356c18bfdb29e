// `npm run staff -- add EMAIL` grants staff rights; `remove EMAIL` takes them away; `list` shows staff.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { loadConfig } from '../config';
import { AUDIT_ACTORS, createAuditService } from '../modules/audit/audit.service';
import { systemClock } from '../platform/clock';
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
    const isStaff = command === 'add' ? 1 : 0;
    const before = await handle.db
      .selectFrom('users')
      .select(['id', 'is_staff'])
      .where('email', '=', email)
      .executeTakeFirst();
    const result = await handle.db
      .updateTable('users')
      .set({ is_staff: isStaff, updated_at: new Date().toISOString() })
      .where('email', '=', email)
      .executeTakeFirst();
    const isDone = result.numUpdatedRows > 0n;
    // The grant or removal is a staff action like any other, so it has its audit row (decision 088).
    await createAuditService({ db: handle.db, clock: systemClock }).record({
      actor: null,
      actorLabel: AUDIT_ACTORS.commandLine,
      action: `staff.${command}`,
      method: 'CLI',
      route: `npm run staff -- ${command}`,
      targetType: 'user',
      targetId: before?.id ?? email,
      ...(before && isDone ? { before: { is_staff: before.is_staff }, after: { is_staff: isStaff } } : {}),
      status: isDone ? 200 : 404,
      ip: hostname(),
      requestId: randomUUID(),
    });
    if (!isDone) {
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
