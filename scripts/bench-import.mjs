// `npm run bench:import`: how long the built import and export commands take on a large file, and
// how much memory they hold (decision: an import streams, so memory must not grow with the file).
//
// What it does:
//   1. writes BENCH_LINES (default 50,000) members with valid national IDs (check digits right),
//      unique e-mail addresses and mobile numbers, regular and life members, as CSV, and as many
//      credit lines (five activities each for a fifth of them) for the demo's `licence` kind;
//   2. on a fresh embedded database (a temporary DATA_DIR; the demo society seeded by a first
//      `npm run settings`), and again on PostgreSQL when BENCH_DATABASE_URL names a server (a
//      database of its own, dropped after), runs the built commands as an operator would:
//      a tenth of the members (to compare memory), all the members with --yes, the same file
//      again (nothing changes), the export to .xlsx, that export imported (nothing changes),
//      the credits with --yes;
//   3. prints each step's seconds (wall clock, the process's start included) and peak resident
//      memory (the whole process, the embedded database's thread included), and what it reported.
//
// Settings (environment):
//   BENCH_LINES          members (and credit lines) to write (default 50000)
//   BENCH_DATABASE_URL   postgres://… of a server to run everything a second time on
// Build first (`npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MEMBERS_HEADER, nationalId, writeLines } from './bench/members-file.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LINES = Number(process.env.BENCH_LINES ?? 50_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL;
if (!existsSync(path.join(ROOT, 'dist/front/import.mjs'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));

const year = new Date().getFullYear();
const memberLine = (i) => {
  const life = i % 10 === 0;
  return [
    `M2009-${String(i).padStart(6, '0')}`,
    `會員${i}`,
    `Member ${i}`,
    nationalId(3_000_000 + i),
    `member${i}@bench.example.org`,
    `09${String(10_000_000 + i).slice(-8)}`,
    life ? 'life' : 'regular',
    '',
    life ? '2009-03-01' : `${year}-01-01`,
    life ? '' : `${year}-12-31`,
    '2009-03-01',
  ].join(',');
};
const members = path.join(work, 'members.csv');
const someMembers = path.join(work, 'members-tenth.csv');
const credits = path.join(work, 'credits.csv');
await writeLines(members, MEMBERS_HEADER, LINES, memberLine);
await writeLines(someMembers, MEMBERS_HEADER, Math.round(LINES / 10), (i) =>
  memberLine(i)
    .replace(/^M2009-(\d+)/, 'M2008-$1')
    .replace(/member(\d+)@/, 'tenth$1@')
    .replace(nationalId(3_000_000 + i), nationalId(6_000_000 + i)),
);
const CATEGORIES = ['professional', 'quality', 'ethics', 'law'];
await writeLines(credits, '會員編號,日期,活動名稱,主辦單位,類別,積分', LINES, (i) => {
  const member = 5 * Math.floor((i - 1) / 5) + 1;
  const day = `${year - 1}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
  return [
    `M2009-${String(member).padStart(6, '0')}`,
    day,
    `課程 ${i}`,
    '臺灣醫學會',
    CATEGORIES[i % 4],
    (1 + (i % 6)) / 2,
  ].join(',');
});

/** Runs a built command to its end: seconds, peak memory (MB) and its output. */
function run(command, args, env) {
  const rssFile = path.join(work, 'rss');
  rmSync(rssFile, { force: true });
  const started = process.hrtime.bigint();
  const child = spawnSync(
    process.execPath,
    ['--import', path.join(ROOT, 'scripts/bench/max-rss.mjs'), path.join(ROOT, `dist/front/${command}.mjs`), ...args],
    { cwd: work, env: { ...process.env, LOG_LEVEL: 'warn', BENCH_RSS_FILE: rssFile, ...env }, encoding: 'utf8' },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${child.stdout}${child.stderr}`);
  const rss = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : NaN;
  return { seconds, rss, output: child.stdout };
}

const counts = (output) => /^New .*$/m.exec(output)?.[0] ?? /^Exported \d+ members/m.exec(output)?.[0] ?? '';

function engine(name, env) {
  console.log(`\n${name}`);
  run('settings', [], env); // creates, migrates and seeds the demo society
  const xlsx = path.join(work, `export-${name.replace(/\W+/g, '')}.xlsx`);
  const steps = [
    [
      `members, ${Math.round(LINES / 10).toLocaleString('en-US')} lines, --yes`,
      'import',
      ['members', someMembers, '--yes'],
    ],
    [`members, ${LINES.toLocaleString('en-US')} lines, --yes`, 'import', ['members', members, '--yes']],
    ['the same file again', 'import', ['members', members, '--yes']],
    ['export to .xlsx', 'export', ['members', xlsx]],
    ['that export imported (dry run)', 'import', ['members', xlsx]],
    [
      `credits, ${LINES.toLocaleString('en-US')} lines, --yes`,
      'import',
      ['credits', credits, '--kind', 'licence', '--yes'],
    ],
  ];
  for (const [label, command, args] of steps) {
    const result = run(command, args, env);
    console.log(
      `  ${label.padEnd(34)} ${result.seconds.toFixed(1).padStart(6)} s ${result.rss.toFixed(0).padStart(6)} MB   ${counts(result.output)}`,
    );
  }
}

try {
  console.log(
    `${LINES.toLocaleString('en-US')} lines; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}`,
  );
  engine('embedded database (PGlite)', { DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' });
  if (ADMIN_URL) {
    const name = `bench_import_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      engine('PostgreSQL', { DATA_DIR: path.join(work, 'pg-data'), DATABASE_URL: url.href });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else console.log('\n(set BENCH_DATABASE_URL to run on PostgreSQL too)');
} finally {
  rmSync(work, { recursive: true, force: true });
}
