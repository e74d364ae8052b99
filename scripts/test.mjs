// `npm test`: everything a change can break, stopping at the first failing phase:
// 1. the production dependencies' advisories, type check, lint and formatting, side by side;
// 2. the build, shared by every test below;
// 3. side by side: unit + integration tests on the embedded database, the same integration tests
//    on PostgreSQL (when TEST_DATABASE_URL is set), and the browser tests against the built server.
// Each test run has its own servers and databases, so the runs do not meet; within a run, the test
// files of one project run one after the other against that project's server.
// Every line a step prints is prefixed with its name; each phase ends with the time of each step.
import { spawn } from 'node:child_process';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const phases = [
  [
    ['audit', 'node', ['scripts/audit.mjs']],
    ['types', 'astro', ['check']],
    ['lint', 'eslint', ['.']],
    ['format', 'prettier', ['--check', '.']],
  ],
  [['build', 'npm', ['run', 'build']]],
  [
    ['embedded', 'vitest', ['run', '--project', 'unit', '--project', 'integration', '--project', 'integration-live']],
    ...(onPostgres
      ? [['postgres', 'vitest', ['run', '--project', 'integration-pg', '--project', 'integration-live-pg']]]
      : []),
    ['browser', 'playwright', ['test']],
  ],
];

process.env.ASTRO_TELEMETRY_DISABLED = '1';
if (!onPostgres) {
  console.log('TEST_DATABASE_URL is not set: the integration tests run on the embedded database only.');
}

/** Runs one step, its output line by line under its name; resolves with its exit code and seconds. */
function run([name, command, args], width) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  const label = `${name.padEnd(width)} │ `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) process.stdout.write(label + line + '\n');
    });
    stream.on('end', () => rest && process.stdout.write(label + rest + '\n'));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stdout.write(`${label}could not start ${command}: ${error.message}\n`);
      resolve({ name, code: 1, seconds: 0 });
    });
    child.on('close', (code) => resolve({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

const started = Date.now();
for (const steps of phases) {
  const width = Math.max(...steps.map(([name]) => name.length));
  console.log(`\n=== ${steps.map(([name, command, args]) => `${name}: ${command} ${args.join(' ')}`).join('  ‖  ')}`);
  const results = await Promise.all(steps.map((step) => run(step, width)));
  for (const { name, code, seconds } of results) {
    console.log(
      `${code === 0 ? '✓' : '✗'} ${name} (${seconds.toFixed(1)} s)${code === 0 ? '' : ` failed with ${code}`}`,
    );
  }
  if (results.some(({ code }) => code !== 0)) process.exit(1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
