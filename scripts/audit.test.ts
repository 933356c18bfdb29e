// The audit wrapper's verdicts (decision 091): fail on high or critical advisories when the registry
// answers, warn and pass when it cannot be reached or refuses the audit, fail on anything else.
import { expect, it } from 'vitest';
import { auditVerdict } from './audit';

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) => ({
  auditReportVersion: 2,
  vulnerabilities,
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
});

it('fails on a high or critical advisory, naming the packages', () => {
  const verdict = auditVerdict(
    report({ high: 1, critical: 1 }, { ws: { severity: 'high' }, pg: { severity: 'critical' } }),
  );
  expect(verdict.outcome).toBe('fail');
  expect(verdict.lines).toEqual([
    'npm audit (production dependencies): info 0, low 0, moderate 0, high 1, critical 1',
    '  high: ws',
    '  critical: pg',
  ]);
});

it('passes with moderate and low advisories only, and prints their counts', () => {
  const verdict = auditVerdict(report({ moderate: 2, low: 1 }, { cookie: { severity: 'moderate' } }));
  expect(verdict).toEqual({
    outcome: 'pass',
    lines: ['npm audit (production dependencies): info 0, low 1, moderate 2, high 0, critical 0'],
  });
});

it('only warns when the registry cannot be reached or refuses the audit request', () => {
  for (const output of [
    { error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org failed' } },
    { error: { code: 'ETIMEDOUT', summary: 'spawnSync npm ETIMEDOUT' } },
    {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    },
  ]) {
    const verdict = auditVerdict(output);
    expect(verdict.outcome).toBe('unreachable');
    expect(verdict.lines[0]).toMatch(/^warning: npm audit skipped, the registry did not answer the audit: /);
  }
});

it('fails when npm cannot audit for another reason (no lockfile)', () => {
  const verdict = auditVerdict({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' } });
  expect(verdict).toEqual({
    outcome: 'fail',
    lines: ['npm audit failed: This command requires an existing lockfile.'],
  });
});
