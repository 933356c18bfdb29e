import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['src/server/testing/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default leaves one core free, which on a 2-core machine means one file at a time;
    // the database tests spend much of their time waiting on PostgreSQL, so two overlap well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // A worker keeps its loaded modules from one file to the next: loading the app afresh for
          // each of 126 files took 349 s of the workers' time in a 15-minute run (decision 102).
          // Each file still builds its own app and database, and none mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'] },
      },
    ],
  },
});
