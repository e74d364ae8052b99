// `npm test`: everything a change can break, stopping at the first failing phase:
// 1. the production dependencies' advisories, type check, lint and formatting, side by side;
// 2. the build, shared by every test below;
// 3. side by side: unit + integration tests on the embedded database, the same integration tests
//    on PostgreSQL (when TEST_DATABASE_URL is set), and the browser tests against the built server.
// Each test run has its own servers and databases, so the runs do not meet; within a run, the test
// files of one project run one after the other against that project's server.
// Every line a step prints is prefixed with its name; each phase ends with the time of each step,
// and a step that failed has its failures printed again there, so the end of the log says what failed
// even when another run printed after it.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

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

/** What to print again of a failed step: vitest's failures from its first banner on, or else its last lines. */
function failureDigest(lines) {
  const banner = /⎯ (Failed Tests \d+|Unhandled Errors?|Failed Suites \d+) ⎯/;
  const from = lines.findIndex((line) => banner.test(stripVTControlCharacters(line)));
  const digest = from >= 0 ? lines.slice(from) : lines.slice(-200);
  return digest.length > 600 ? [...digest.slice(0, 600), `… ${digest.length - 600} more lines above`] : digest;
}

/**
 * The slowest test files (vitest: `✓ project file (n tests) 1234ms`) or tests (playwright's list:
 * `✓ 12 [chromium] › file:line › title (1.2m)`) a step printed, slowest first: where the time went.
 */
function slowest(lines, count = 12) {
  const units = { ms: 0.001, s: 1, m: 60, h: 3600 };
  const timed = [];
  for (const raw of lines) {
    const line = stripVTControlCharacters(raw);
    const file = /^\s*[✓×✗❯]\s+\S+\s+(\S+\.test\.ts)\s+\(\d+ tests?[^)]*\)\s+(\d+)ms\s*$/.exec(line);
    if (file) {
      timed.push([Number(file[2]) / 1000, file[1]]);
      continue;
    }
    const test = /^\s*[✓✘×-]\s+\d+\s+\[\w+\]\s+›\s+(.+?)\s+\((\d+(?:\.\d+)?)(ms|s|m|h)\)\s*$/.exec(line);
    if (test) timed.push([Number(test[2]) * units[test[3]], test[1]]);
  }
  return timed.sort((a, b) => b[0] - a[0]).slice(0, count);
}

/** Runs one step, its output line by line under its name; resolves with its exit code, seconds and lines. */
function run([name, command, args], width) {
  const started = Date.now();
  const output = [];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  const label = `${name.padEnd(width)} │ `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        output.push(line);
        process.stdout.write(label + line + '\n');
      }
    });
    stream.on('end', () => {
      if (!rest) return;
      output.push(rest);
      process.stdout.write(label + rest + '\n');
    });
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stdout.write(`${label}could not start ${command}: ${error.message}\n`);
      resolve({ name, code: 1, seconds: 0, output });
    });
    child.on('close', (code) => resolve({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000, output }));
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
  for (const { name, output } of results) {
    const slow = slowest(output);
    if (slow.length === 0) continue;
    console.log(`\n${name}: the slowest`);
    for (const [seconds, what] of slow) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${what}`);
  }
  const failed = results.filter(({ code }) => code !== 0);
  for (const { name, output } of failed) {
    console.log(`\n--- what failed in ${name} ---`);
    for (const line of failureDigest(output)) console.log(`${name} │ ${line}`);
  }
  if (failed.length > 0) process.exit(1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
