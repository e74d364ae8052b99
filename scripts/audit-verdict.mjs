// What `npm audit --omit=dev --json` printed, turned into a verdict for CI (scripts/audit.mjs):
// any high or critical advisory on a production dependency fails; an advisory service that
// cannot be reached is said plainly and does not fail the run (nothing was audited, and the
// line says so), unless the caller asks for a strict run.

const FAILING = ['high', 'critical'];

/**
 * @param {string} output npm audit's JSON output
 * @returns {{ outcome: 'clean' | 'vulnerable' | 'unreachable', lines: string[] }}
 */
export function auditVerdict(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return {
      outcome: 'unreachable',
      lines: ['npm audit printed no report (not JSON): dependencies were not audited.'],
    };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.message || report?.error?.summary || 'no report';
    return {
      outcome: 'unreachable',
      lines: [`The advisory service could not be asked (${why}): dependencies were not audited in this run.`],
    };
  }
  const failing = Object.values(report.vulnerabilities ?? {}).filter((v) => FAILING.includes(v.severity));
  const lines = failing.map((v) => {
    const titles = (v.via ?? [])
      .filter((via) => typeof via === 'object')
      .map((via) => `${via.title}${via.url ? ` (${via.url})` : ''}`);
    const fix = v.fixAvailable ? 'a fix is available' : 'no fix yet';
    return `${v.severity}: ${v.name} ${v.range ?? ''} — ${titles.join('; ') || `through ${(v.via ?? []).join(', ')}`}; ${fix}`;
  });
  const summary = ['critical', 'high', 'moderate', 'low', 'info']
    .map((level) => `${counts[level] ?? 0} ${level}`)
    .join(', ');
  lines.push(`Production dependencies: ${summary}.`);
  return { outcome: failing.length > 0 ? 'vulnerable' : 'clean', lines };
}
