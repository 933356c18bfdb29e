// Starts Gemcast: reads the configuration, builds the app, seeds the demo on an empty database,
// listens, and closes gracefully on SIGINT/SIGTERM. Everything else lives in app.ts.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedAndRefreshDemo } from './db/seed';
import { startHousekeeping } from './platform/housekeeping';
import { addAcceptHandles } from './platform/accept-handles';
import { serveMetrics } from './platform/metrics';
import { startReminders } from './modules/rsvp/reminders';
import { startNotificationWorker } from './modules/notifications/notification-worker';
import { createPushSender } from './modules/push/push-sender';
import { startYearlyCoupons } from './modules/coupons/yearly-coupons';
import { createEarningService, startActivityCredits } from './modules/rewards/earning.service';
import { createRewardsService } from './modules/rewards/rewards.service';
import { createContestResults, startContestResults } from './modules/contests/contest-results';
import { startExpiryNotices } from './modules/rewards/expiry-notices';
import { startShowLive } from './modules/notifications/show-live';
import { startActivityDigests } from './modules/contests/submission-digest';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Gemcast cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // Without SMTP, mail is printed to the console: information, so only at the info level or below
  // (the journeys' server logs errors only, and its output is kept).
  const printMail = !config.smtpUrl && ['trace', 'debug', 'info'].includes(config.logLevel);
  const app = await buildApp(config, { printMail });
  if (config.seedDemo) {
    const seeded = await seedAndRefreshDemo(app.ctx);
    if (seeded) {
      console.log(`\nDemo data created. Staff login: ${seeded.staffEmail} / ${seeded.staffPassword}`);
      console.log('This password is shown once; keep it, or reset it with a code from the outbox.\n');
    }
  }
  if (!config.webDir)
    app.log.warn('No built web app in dist/web: run `npm run build` (npm start does this) or use `npm run dev`.');
  const earning = createEarningService(app.ctx);
  const stopHousekeeping = startHousekeeping(app.ctx.db, app.ctx.clock, app.log, [() => earning.creditEndedShows()]);
  const stopReminders = startReminders(app.ctx);
  const push = createPushSender({ ...app.ctx, vapid: config.vapid });
  const stopNotifications = startNotificationWorker(app.ctx, { push });
  const stopShowLive = startShowLive(app.ctx);
  const stopActivityDigests = startActivityDigests(app.ctx);
  const stopYearlyCoupons = startYearlyCoupons(app.ctx);
  const stopExpiryNotices = startExpiryNotices(app.ctx);
  const stopActivityCredits = startActivityCredits(app.ctx, app.log);
  const stopContestResults = startContestResults(app.ctx, createContestResults(app.ctx, createRewardsService(app.ctx)));
  // Before onClose, which closes the mailer and the database: the worker finishes the delivery under
  // way, and no background job starts a pass against a closed database.
  app.addHook('preClose', async () => {
    await stopShowLive();
    await stopActivityDigests();
    await stopNotifications();
    await stopActivityCredits();
    await stopExpiryNotices();
    stopHousekeeping();
    stopReminders();
    stopYearlyCoupons();
    stopContestResults();
  });
  if (app.metrics && config.metricsPort !== null) {
    // A port of its own, scraped per process (decision 091); closed with the app.
    const metricsServer = await serveMetrics(app.metrics, config.metricsPort, config.metricsHost);
    app.addHook('onClose', (_instance, done) => metricsServer.close(() => done()));
  }
  await app.listen({ port: config.port, host: config.host });
  // More than one connection accepted per turn of a busy event loop (decision 107). The copies come
  // from a child process, in the background: the server's own handle accepts from now on.
  const acceptHandles = addAcceptHandles(app.server, config.acceptHandles - 1, (error) =>
    app.log.warn({ err: error }, 'the listening socket could not be copied: one connection is accepted per loop turn'),
  );
  console.log(`Gemcast is running on ${config.publicUrl}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    // Stop accepting on the copies now; the app's own close stops the server's handle (decision 093).
    acceptHandles.close();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Gemcast failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
