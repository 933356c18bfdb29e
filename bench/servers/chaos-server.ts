// The server `npm run chaos` kills, started ahead of need: bundled with its dependencies' imports at
// the top, it loads and compiles everything, says "warm", and waits. On SIGUSR2 it runs Gemcast's
// own start (src/server/main.ts: open the database the killed process left, migrate, start the
// background jobs, listen). The restart after a kill then costs what recovery costs, not the module
// loading that a machine shared by many takes tens of seconds for.
process.once('SIGUSR2', () => {
  clearInterval(idle);
  void import('../../src/server/main');
});
const idle = setInterval(() => undefined, 60_000);
process.stdout.write('warm\n');
