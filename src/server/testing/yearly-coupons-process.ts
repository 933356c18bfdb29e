// A second server process for the yearly coupon test: opens the database it is given, waits for the
// agreed instant so the processes start together, runs the job twice at a fixed clock, prints the count.
// Usage: node --import tsx yearly-coupons-process.ts <sqlite-file | postgres-url> <schema|-> <clock ISO> <start ms>
import { openDatabase } from '../db/database';
import { issueYearlyCoupons } from '../modules/coupons/yearly-coupons';
import { cryptoRandom, manualClock } from '../platform/clock';

const [target = '', schema = '-', clockAt = '', startAt = '0'] = process.argv.slice(2);
const handle = target.startsWith('postgres')
  ? openDatabase({ kind: 'postgres', url: target, schema: schema === '-' ? undefined : schema, poolSize: 4 })
  : openDatabase({ kind: 'sqlite', file: target });
const ctx = {
  db: handle.db,
  dialect: handle.dialect,
  clock: manualClock(new Date(clockAt)),
  random: cryptoRandom,
  config: { publicUrl: 'http://127.0.0.1:3000' },
};
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const counts = await Promise.all([issueYearlyCoupons(ctx), issueYearlyCoupons(ctx)]);
await handle.close();
process.stdout.write(JSON.stringify(counts.reduce((a, b) => a + b, 0)));
