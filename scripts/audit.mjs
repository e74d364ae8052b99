// `npm run audit`: the production dependencies against npm's advisories. Fails on a high or
// critical advisory (docs/dependencies.md says what to do then). When the advisory service cannot
// be reached (an offline machine, a registry mirror without it) the run says so and passes,
// unless AUDIT_STRICT=1.
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './audit-verdict.mjs';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', shell: false });
const { outcome, lines } = auditVerdict(result.stdout ?? '');
for (const line of lines) console.log(line);
if (outcome === 'vulnerable') {
  console.error('✗ A production dependency has a high or critical advisory: see docs/dependencies.md.');
  process.exit(1);
}
if (outcome === 'unreachable' && process.env.AUDIT_STRICT === '1') {
  console.error('✗ AUDIT_STRICT=1 and the advisory service could not be asked.');
  process.exit(1);
}
