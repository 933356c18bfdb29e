// `npm run bench:web`: builds the production app, starts it on a free port with the demo data,
// and runs Lighthouse (mobile preset, Debian's Chromium) on /home. Prints the performance,
// accessibility and best-practices scores, what Lighthouse flags, and the gzip size of the
// JavaScript /home loads on first load, against the targets. Prints; asserts nothing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { setTimeout as delay } from 'node:timers/promises';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
/** Lighthouse scores vary from run to run; the run with the median performance score is reported. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** /home by default (the target); BENCH_PAGE=/faq measures another page the same way. */
const PAGE = process.env.BENCH_PAGE ?? '/home';
/** BENCH_REPORT_DIR=<dir> keeps each run's Lighthouse report there (lighthouse-<run>.json). */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
const JS_TARGET_KB = 120;

type Category = keyof typeof TARGETS;
type AuditItem = Record<string, unknown>;
type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { type?: string; items?: AuditItem[] };
};
type LighthouseResult = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};
type NetworkRequest = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilUp(origin: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/siteconfig`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

function runLighthouse(url: string, outputPath: string): Promise<void> {
  const cli = path.resolve('node_modules/lighthouse/cli/index.js');
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))));
  });
}

/**
 * One Lighthouse run. Now and then Chromium's trace of the load comes back without its start
 * (NO_NAVSTART), and Lighthouse asks to be run again: such a run is tried again, twice at most.
 */
async function measure(url: string, outputPath: string, attemptsLeft = 3): Promise<LighthouseResult> {
  let failure: string;
  try {
    await runLighthouse(url, outputPath);
    const result: LighthouseResult = JSON.parse(await readFile(outputPath, 'utf8'));
    if (!result.runtimeError) return result;
    failure = `${result.runtimeError.code} ${result.runtimeError.message}`;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (attemptsLeft <= 1) throw new Error(`Lighthouse: ${failure}`);
  console.log(`  (a run failed: ${failure}; running it again)`);
  return measure(url, outputPath, attemptsLeft - 1);
}

const score = (result: LighthouseResult, category: Category) =>
  Math.round((result.categories[category].score ?? 0) * 100);

function medianByPerformance(results: LighthouseResult[]): LighthouseResult {
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse result');
  return median;
}

function networkRequests(result: LighthouseResult): NetworkRequest[] {
  const items = result.audits['network-requests']?.details?.items ?? [];
  return items.filter((item): item is AuditItem & NetworkRequest => typeof item.url === 'string');
}

/** Every script the page loaded, fetched again and gzipped here, so the size does not depend on the server's compression. */
async function scriptSizes(result: LighthouseResult) {
  const scripts = networkRequests(result).filter((request) => request.resourceType === 'Script');
  return Promise.all(
    scripts.map(async (request) => {
      const body = Buffer.from(await (await fetch(request.url)).arrayBuffer());
      return {
        url: request.url,
        raw: body.length,
        gzip: gzipSync(body).length,
        transferred: request.transferSize ?? 0,
      };
    }),
  );
}

/** One line per audit that did not pass, with a few of the elements or resources it names. */
function flaggedAudits(result: LighthouseResult, category: Category): string[] {
  const lines: string[] = [];
  for (const ref of result.categories[category].auditRefs) {
    const audit = result.audits[ref.id];
    if (
      !audit ||
      audit.score === null ||
      audit.score >= 1 ||
      ['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)
    )
      continue;
    if (category === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
    lines.push(
      `    - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} [${audit.id}, score ${audit.score}]`,
    );
    for (const item of (audit.details?.items ?? []).slice(0, 4)) {
      const node = item.node as { selector?: string; snippet?: string; explanation?: string } | undefined;
      const where = node
        ? [node.selector, node.snippet].filter(Boolean).join('  ')
        : typeof item.url === 'string'
          ? item.url
          : undefined;
      if (where) lines.push(`        ${where}`);
      const why = node?.explanation?.split('\n').slice(-1)[0]?.trim();
      if (why) lines.push(`          ${why}`);
    }
  }
  return lines;
}

function metric(result: LighthouseResult, id: string): string {
  return result.audits[id]?.displayValue ?? 'n/a';
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES TARGET');

console.log(
  `Gemcast web bench: Lighthouse (mobile preset) on ${PAGE}, ${RUNS} run(s), ${CHROME_PATH}, Node ${process.version}\n`,
);

console.log('> npm run build');
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  console.error('The build failed; nothing to measure.');
  process.exit(build.status ?? 1);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gemcast-bench-web-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitUntilUp(origin, server);
  const results: LighthouseResult[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const outputPath = path.join(dataDir, `lighthouse-${run}.json`);
    const result = await measure(`${origin}${PAGE}`, outputPath);
    if (REPORT_DIR) await cp(outputPath, path.join(REPORT_DIR, `lighthouse-${run}.json`));
    console.log(
      `  run ${run}: performance ${score(result, 'performance')}, accessibility ${score(result, 'accessibility')}, best practices ${score(result, 'best-practices')}; FCP ${metric(result, 'first-contentful-paint')}, LCP ${metric(result, 'largest-contentful-paint')}, TBT ${metric(result, 'total-blocking-time')}, SI ${metric(result, 'speed-index')}; load average ${os.loadavg()[0]?.toFixed(2)}`,
    );
    results.push(result);
  }
  const result = medianByPerformance(results);
  const scripts = await scriptSizes(result);
  const jsGzip = scripts.reduce((sum, s) => sum + s.gzip, 0);

  console.log(
    `\nLighthouse ${result.lighthouseVersion}, ${result.finalDisplayedUrl} (the run with the median performance score):`,
  );
  for (const category of Object.keys(TARGETS) as Category[]) {
    const value = score(result, category);
    const target = TARGETS[category];
    const label = category === 'best-practices' ? 'best practices' : category;
    console.log(
      `  ${label.padEnd(16)} ${String(value).padStart(3)}   target ${target === 100 ? '100' : `>= ${target}`}   ${verdict(value >= target)}`,
    );
  }
  console.log(
    `  metrics: FCP ${metric(result, 'first-contentful-paint')}, LCP ${metric(result, 'largest-contentful-paint')}, TBT ${metric(result, 'total-blocking-time')}, CLS ${metric(result, 'cumulative-layout-shift')}, Speed Index ${metric(result, 'speed-index')}`,
  );

  console.log(
    `\nJavaScript loaded by ${PAGE} on first load (${scripts.length} files, each gzipped here with zlib's default level):`,
  );
  for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(s.gzip).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${new URL(s.url).pathname}`);
  }
  console.log(
    `  ${kb(jsGzip).padStart(9)} gzip in total   target <= ${JS_TARGET_KB} KB   ${verdict(jsGzip <= JS_TARGET_KB * 1024)}`,
  );

  const flagged = (Object.keys(TARGETS) as Category[])
    .map((category) => ({ category, lines: flaggedAudits(result, category) }))
    .filter((f) => f.lines.length);
  if (flagged.length) {
    console.log('\nWhat Lighthouse flags:');
    for (const { category, lines } of flagged) console.log(`  ${category}:\n${lines.join('\n')}`);
  } else {
    console.log('\nLighthouse flags nothing in these categories.');
  }
} finally {
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
