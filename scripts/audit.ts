// `npm run audit:deps` (CI runs it): `npm audit --omit=dev` on what production installs. A high or
// critical advisory fails; a registry that cannot be reached or does not answer audits only warns,
// so CI on a machine without the public registry still runs (decision 091).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
type Severity = (typeof SEVERITIES)[number];

/** What `npm audit --json` prints: a report when the registry answered, an error otherwise. */
export type AuditOutput = {
  vulnerabilities?: Record<string, { severity?: string; via?: unknown[] }>;
  metadata?: { vulnerabilities?: Partial<Record<Severity | 'total', number>> };
  error?: { code?: string; summary?: string; detail?: string } | null;
  message?: string;
  statusCode?: number;
};

export type AuditVerdict = { outcome: 'pass' | 'fail' | 'unreachable'; lines: string[] };

/** npm's codes for a registry it could not reach or that did not answer in time. */
const NETWORK_CODES = [
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
];

export function auditVerdict(output: AuditOutput): AuditVerdict {
  const counts = output.metadata?.vulnerabilities;
  if (counts) {
    const summary = SEVERITIES.map((severity) => `${severity} ${counts[severity] ?? 0}`).join(', ');
    const serious = Object.entries(output.vulnerabilities ?? {})
      .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
      .map(([name, entry]) => `  ${entry.severity}: ${name}`);
    const isSerious = (counts.high ?? 0) + (counts.critical ?? 0) > 0;
    return {
      outcome: isSerious ? 'fail' : 'pass',
      lines: [`npm audit (production dependencies): ${summary}`, ...serious],
    };
  }
  const code = output.error?.code ?? '';
  const why = output.message ?? output.error?.summary ?? code;
  // An HTTP status means the registry (or a mirror in front of it) refused the audit request itself.
  if (NETWORK_CODES.includes(code) || output.statusCode !== undefined)
    return {
      outcome: 'unreachable',
      lines: [`warning: npm audit skipped, the registry did not answer the audit: ${why}`],
    };
  return { outcome: 'fail', lines: [`npm audit failed: ${why || 'no report and no error'}`] };
}

function parse(stdout: string): AuditOutput {
  try {
    return JSON.parse(stdout) as AuditOutput;
  } catch {
    return { error: { summary: stdout.trim().slice(0, 300) || 'npm audit printed nothing' } };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  // A registry that hangs past the timeout counts as unreachable (ETIMEDOUT); npm missing does not.
  const verdict = run.error
    ? auditVerdict({ error: { code: 'code' in run.error ? String(run.error.code) : '', summary: run.error.message } })
    : auditVerdict(parse(run.stdout));
  for (const line of verdict.lines) (verdict.outcome === 'fail' ? console.error : console.log)(line);
  process.exit(verdict.outcome === 'fail' ? 1 : 0);
}
