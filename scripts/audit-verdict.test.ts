import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit-verdict.mjs';

// The shape `npm audit --json` prints (report version 2).
function report(vulnerabilities: Record<string, unknown>, counts: Record<string, number>) {
  return JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: counts } });
}
const none = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };

describe('the dependency audit verdict', () => {
  it('passes a report with nothing above moderate, and says what it found', () => {
    const verdict = auditVerdict(
      report(
        { brace: { name: 'brace', severity: 'moderate', via: [{ title: 'ReDoS', url: 'https://x/1' }], range: '<2' } },
        { ...none, moderate: 1, total: 1 },
      ),
    );
    expect(verdict.outcome).toBe('clean');
    expect(verdict.lines.at(-1)).toBe('Production dependencies: 0 critical, 0 high, 1 moderate, 0 low, 0 info.');
  });

  it('fails on a high or critical advisory, naming the package, the advisory and whether a fix exists', () => {
    const verdict = auditVerdict(
      report(
        {
          semver: {
            name: 'semver',
            severity: 'high',
            range: '7.0.0 - 7.5.1',
            via: [{ title: 'semver vulnerable to ReDoS', url: 'https://github.com/advisories/GHSA-c2qf' }],
            fixAvailable: true,
          },
          parser: { name: 'parser', severity: 'critical', range: '<3', via: ['semver'], fixAvailable: false },
        },
        { ...none, high: 1, critical: 1, total: 2 },
      ),
    );
    expect(verdict.outcome).toBe('vulnerable');
    expect(verdict.lines[0]).toContain('high: semver 7.0.0 - 7.5.1');
    expect(verdict.lines[0]).toContain('https://github.com/advisories/GHSA-c2qf');
    expect(verdict.lines[0]).toContain('a fix is available');
    expect(verdict.lines[1]).toContain('critical: parser <3 — through semver; no fix yet');
  });

  it('says plainly when the advisory service could not be asked', () => {
    const verdict = auditVerdict(JSON.stringify({ message: '405 Method Not Allowed', statusCode: 405, error: {} }));
    expect(verdict.outcome).toBe('unreachable');
    expect(verdict.lines[0]).toContain('405 Method Not Allowed');
    expect(auditVerdict('npm ERR! offline').outcome).toBe('unreachable');
  });
});
