// `npm test`: everything a change can break, in order, stopping at the first failure:
// the production dependencies' advisories, type check, lint, formatting, build, unit + integration
// tests (again on PostgreSQL when TEST_DATABASE_URL is set), and the browser tests against the built server.
import { spawnSync } from 'node:child_process';

const steps = [
  ['dependency audit', 'node', ['scripts/audit.mjs']],
  ['type check', 'astro', ['check']],
  ['lint', 'eslint', ['.']],
  ['formatting', 'prettier', ['--check', '.']],
  ['build', 'npm', ['run', 'build']],
  ['unit and integration tests', 'vitest', ['run']],
  ['browser tests', 'playwright', ['test']],
];

process.env.ASTRO_TELEMETRY_DISABLED = '1';
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the integration tests run on the embedded database only.');
}
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
console.log('\nAll checks passed.');
