// `npm run bench:load`: the built portal under a realistic mix of visitors from a second process,
// on the embedded database (one process) and on PostgreSQL (WORKERS=2).
//
// What it does, for each database:
//   1. prepares a fresh database (scripts/bench/load-prep.mjs): the demo seeded, members imported
//      with `npm run import`, credit reviewers named with `npm run admin`, the imported members
//      given a password and the organisation more held courses by SQL;
//   2. starts the built server (dist/front/main.mjs; build first) trusting the loopback proxy, so
//      each visitor comes from an address of its own (X-Forwarded-For) and the per-address limits
//      count them apart as they count people behind a real proxy;
//   3. stocks the credit queue with claims for the reviewers to decide (not measured);
//   4. forks the load driver (scripts/bench/load-driver.mjs: the mix and its journeys), which
//      solves the sign-ins' captchas ahead and then runs `--clients` visitors for `--seconds`;
//   5. stops the server and checks from the database that every payment was applied exactly once
//      (scripts/bench/load-prep.mjs `checkPayments`);
//   5b. checks the registration rush from the database: never oversold, none lost, none twice; and
//       the doors (run after the mix, on their own): each ticket scanned checked in once;
//   6. prints a table per database (requests per second, p50 and p99 per kind, errors) and writes
//      bench/results/load-<database>.json.
// It passes with no error of any kind (an answer other than 2xx/3xx, an envelope code not expected,
// no answer within 30 s) and every payment applied once; otherwise the exit code is 1.
//
// Options:
//   --clients N                 visitors at once (default 200)
//   --seconds N                 length of the load (default 60)
//   --only embedded|postgres    one database only
//   --rush N                    people in the registration rush, on top of the mix (default 1000; 0: none)
//   --seats N                   seats of the rush's ticket type (default 300)
//   --doors N                   door phones scanning tickets at once, after the mix (default 4; 0: none)
//   BENCH_LOG_LEVEL=info        the portal's log (every request) printed, to see what it did
// PostgreSQL: a database of its own is created (and dropped after) on BENCH_DATABASE_URL, else
// DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres when a server answers there;
// without one that part is skipped, and said so.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NOT_RECORDED, BENCH_PASSWORD, StepError, Visitor } from './bench/load-journeys.mjs';
import { checkDoors, checkPayments, checkRush, prepareData, prepareDoors, prepareRush } from './bench/load-prep.mjs';
import {
  HOST,
  checkedNumber,
  children,
  createBenchDatabase,
  postgresServer,
  gitState,
  machine,
  root,
  serverEntry,
  serverNode,
  startPortal,
  stopAll,
  stopChild,
} from './bench/portal.mjs';
import { buildNeeded } from './build-freshness.mjs';
import { solvedCaptcha } from './bench/sign-in.mjs';

const { values: options } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    only: { type: 'string' },
    rush: { type: 'string', default: '1000' },
    seats: { type: 'string', default: '300' },
    doors: { type: 'string', default: '4' },
  },
});
const clients = checkedNumber('--clients', options.clients, { min: 4, max: 2000, integer: true });
const seconds = checkedNumber('--seconds', options.seconds, { min: 5, max: 3600, integer: true });
const rushers = checkedNumber('--rush', options.rush, { min: 0, max: 5000, integer: true });
const seats = checkedNumber('--seats', options.seats, { min: 1, max: 5000, integer: true });
const doorCount = checkedNumber('--doors', options.doors, { min: 0, max: 50, integer: true });
if (options.only && !['embedded', 'postgres'].includes(options.only))
  throw new Error(`--only ${options.only}: expected embedded or postgres`);

/** Imported members (a visit takes one at a time; each renews once at most) and credit reviewers. */
const MEMBERS = Math.max(500, clients * 10, rushers);
/** The registration step's bar: p99 under this many milliseconds during the rush. */
const RUSH_P99_MS = 1000;
/** A door scan's bar: p99 under this many milliseconds while the doors scan. */
const DOOR_P99_MS = 200;
/** How long the doors scan, after the mix. */
const DOOR_SECONDS = 20;
/** Tickets of the doors' event (the doors stop early when they run out). */
const DOOR_TICKETS = 2000;
const REVIEWERS = Math.max(1, Math.round(clients / 25));
/** Held courses of the organisation: one per organisation visitor. */
const COURSES = Math.max(1, Math.round(clients / 50));
/** Claims waiting on the credit queue when the load starts, per reviewer. */
const CLAIMS_PER_REVIEWER = 5;

const driverEntry = path.join(root, 'scripts', 'bench', 'load-driver.mjs');
const resultsDir = path.join(root, 'bench', 'results');

let aborting = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (aborting) return;
    aborting = true;
    process.stderr.write(`\n${signal}: stopping the load and the servers…\n`);
    stopAll().finally(() => process.exit(130));
  });
}

/** Runs the driver in a process of its own; resolves to its result. */
function runDriver(nodeBin, message) {
  const proc = fork(driverEntry, [], { execPath: nodeBin, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const child = { name: 'load driver', proc };
  children.add(child);
  return new Promise((resolve, reject) => {
    proc.on('message', (m) => {
      if (m.ready)
        console.log(
          `  ${m.ready.captchas} captchas solved ahead; load: ${m.ready.mix.anonymous} readers, ${m.ready.mix.members} members, ` +
            `${m.ready.mix.reviewers} reviewers, ${m.ready.mix.organisations} organisation visitors for ${seconds} s…`,
        );
      else if (m.result) resolve(m.result);
      else if (m.failed) reject(new Error(`the load driver failed: ${m.failed}`));
    });
    proc.once('exit', (code, signal) => {
      stopChild(child);
      reject(new Error(`the load driver stopped (exit ${code ?? signal})`));
    });
    proc.send(message);
  });
}

/** The credit queue stocked: a few members sign in and each sends claims (not measured). */
async function stockClaims(base, plan, count) {
  const senders = plan.members.slice(-Math.min(10, count));
  let sent = 0;
  await Promise.all(
    senders.map(async ({ email }, i) => {
      const v = new Visitor(base, NOT_RECORDED, `198.19.0.${i + 1}`);
      await v.signIn({ family: 'amsw0101', account: email, password: BENCH_PASSWORD }, await solvedCaptcha(base));
      for (let n = i; n < count; n += senders.length) {
        await v.claimCredits(plan.licenceId, n);
        sent += 1;
      }
    }),
  );
  return sent;
}

/** The published articles' pages (from the portal's own list). */
async function articlePaths(base) {
  const text = await (await fetch(`${base}/api/amsw0301?pageSize=50`)).text();
  const ids = [...new Set([...text.matchAll(/"articleId":(\d+)/g)].map((m) => m[1]))];
  if (ids.length === 0) throw new Error('the portal lists no article');
  return ids.map((id) => `/article/detail/${id}`);
}

const fmt = {
  int: (n) => (n == null ? '-' : String(Math.round(n))),
  ms: (n) => (n == null ? '-' : n < 10 ? n.toFixed(1) : String(Math.round(n))),
};

function printTable(result) {
  const header = ['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors'];
  const rows = [...result.kinds]
    .sort((a, b) => b.count - a.count)
    .map((k) => [
      k.kind,
      String(k.count),
      k.perSecond.toFixed(1),
      fmt.ms(k.p50),
      fmt.ms(k.p99),
      fmt.ms(k.max),
      k.errors ? `${k.errors} ${JSON.stringify(k.reasons)}` : '0',
    ]);
  rows.push(['all', String(result.requests), result.perSecond.toFixed(1), '', '', '', String(result.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** One database: prepared, loaded, checked. Answers its report. */
async function measure(nodeBin, database) {
  const created = await database.create?.();
  const work = mkdtempSync(path.join(os.tmpdir(), `bench-load-${database.name}-`));
  const env = {
    ...(created ? { DATABASE_URL: created.url } : {}),
    DATA_DIR: path.join(work, 'data'),
    SECRET_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'loopback',
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    ...database.env,
  };
  try {
    console.log(`\n== ${database.label}`);
    let t = Date.now();
    const { plan, paidBefore } = await prepareData({
      nodeBin,
      env,
      work,
      members: MEMBERS,
      reviewers: REVIEWERS,
      courses: COURSES,
    });
    console.log(
      `  prepared in ${((Date.now() - t) / 1000).toFixed(0)} s: ${MEMBERS} members, ${REVIEWERS} credit reviewers, ` +
        `${COURSES} held courses of the organisation`,
    );
    const rush = rushers > 0 ? await prepareRush(env, { rushers, seats }) : undefined;
    if (rush) console.log(`  the rush: ${rushers} people signed in for ${seats} seats of ${rush.eventPath}`);
    const doors = doorCount > 0 ? await prepareDoors(env, { tickets: DOOR_TICKETS, doors: doorCount }) : undefined;
    if (doors)
      console.log(
        `  the doors, after the mix: ${doorCount} door links scanning at once for ${DOOR_SECONDS} s, ${DOOR_TICKETS} tickets`,
      );
    t = Date.now();
    const portal = await startPortal(nodeBin, env);
    const base = `http://${HOST}:${portal.port}`;
    let result;
    try {
      plan.articlePaths = await articlePaths(base);
      const stocked = await stockClaims(base, plan, REVIEWERS * CLAIMS_PER_REVIEWER);
      console.log(
        `  portal listening on ${base} (started in ${((Date.now() - t) / 1000).toFixed(0)} s); ${stocked} claims waiting`,
      );
      result = await runDriver(nodeBin, {
        base,
        clients,
        seconds,
        plan,
        rush,
        doors: doors && { ...doors, seconds: DOOR_SECONDS },
      });
    } catch (error) {
      if (error instanceof StepError) throw new Error(`preparing the load: ${error.message}`, { cause: error });
      throw error;
    } finally {
      await stopChild(portal.child);
    }
    if (portal.child.unexpectedExit)
      throw new Error(`the portal stopped during the load (${portal.child.unexpectedExit})`);
    const checks = await checkPayments(env, paidBefore, result.payments);
    if (rush) {
      checks.push(...(await checkRush(env, rush, result.counts.registered)));
      const step = result.kinds.find((k) => k.kind === 'register');
      checks.push({
        name: `the rush: every one of the ${rushers} registered`,
        ok: result.counts.registered === rushers,
        detail: `${result.counts.registered} registered (${result.counts.seated} seated, ${result.counts.waiting} waiting)`,
      });
      checks.push({
        name: `the rush: registration p99 under ${RUSH_P99_MS} ms`,
        ok: step != null && step.p99 < RUSH_P99_MS,
        detail: step ? `p50 ${Math.round(step.p50)} ms, p99 ${Math.round(step.p99)} ms` : 'no registration measured',
      });
    }
    if (doors) {
      checks.push(...(await checkDoors(env, doors, result.counts.checkedIn)));
      const scan = result.kinds.find((k) => k.kind === 'door scan');
      checks.push({
        name: `the doors: a scan's p99 under ${DOOR_P99_MS} ms with ${doorCount} doors scanning`,
        ok: scan != null && scan.p99 < DOOR_P99_MS,
        detail: scan
          ? `${scan.count} scans (${result.counts.scannedAgain} second scans answered "already"): p50 ${scan.p50.toFixed(1)} ms, p99 ${scan.p99.toFixed(1)} ms`
          : 'no scan measured',
      });
    }
    return { database: database.name, label: database.label, ...result, checks };
  } finally {
    await created?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(serverEntry)) {
    console.error('No build found: run `npm run build` first.');
    return 1;
  }
  if (buildNeeded(root))
    console.log('Note: the sources have changed since the last build; this measures dist/ as built.');
  const nodeBin = serverNode();
  const info = machine(nodeBin);
  const date = new Date();
  const [busy] = os.loadavg();
  console.log(
    `Load bench: ${clients} visitors for ${seconds} s; ${info.cores} cores (${info.cpu}), load average ${busy.toFixed(2)}` +
      (busy > info.cores * 0.5 ? ' — the machine is busy: figures will be low and uneven' : ''),
  );

  const databases = [];
  if (options.only !== 'postgres')
    databases.push({
      name: 'embedded',
      label: 'embedded database (PGlite), one process',
      env: { DATABASE_URL: '', WORKERS: '1' },
    });
  if (options.only !== 'embedded') {
    const server = await postgresServer();
    if (!server)
      console.log(
        '\nPostgreSQL: skipped (no BENCH_DATABASE_URL or DATABASE_URL, and nothing answers at 127.0.0.1:5432).',
      );
    else {
      console.log(`\nPostgreSQL: a database of its own on ${server.from}`);
      databases.push({
        name: 'postgres',
        label: 'PostgreSQL, WORKERS=2',
        env: { WORKERS: '2' },
        // Made when its turn comes, dropped after it whatever happens.
        create: () => createBenchDatabase(server.url, 'portal_load'),
      });
    }
  }

  const reports = [];
  for (const database of databases) {
    if (aborting) break;
    const report = await measure(nodeBin, database);
    reports.push(report);
    console.log('');
    printTable(report);
    const c = report.counts;
    console.log(
      `\n  ${report.requests} requests in ${report.elapsed.toFixed(1)} s: ${report.perSecond.toFixed(1)} per second; ` +
        `${c.visits} member visits, ${c.renewals} renewals paid, ${c.claims} claims, ${c.decisions} decisions, ${c.rosters} rosters` +
        (c.captchasSolvedInWindow ? `; ${c.captchasSolvedInWindow} captchas solved during the load` : '') +
        (rushers ? `; the rush: ${c.registered} registered, ${c.seated} seated, ${c.waiting} waiting` : ''),
    );
    report.bars = [{ name: 'no errors', ok: report.errors === 0, detail: `${report.errors} errors` }, ...report.checks];
    for (const bar of report.bars) console.log(`  ${bar.ok ? 'PASS' : 'FAIL'}  ${bar.name}: ${bar.detail}`);
    for (const sample of report.errorSamples)
      console.log(`    error: ${sample.kind}: ${sample.reason} ${sample.detail}`);
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `load-${report.database}.json`);
    const { payments, ...kept } = report;
    writeFileSync(
      file,
      `${JSON.stringify({ date: date.toISOString(), machine: info, git: gitState(), clients, seconds, ...kept, paymentsMade: payments.length }, null, 2)}\n`,
    );
    console.log(`  written to ${path.relative(root, file)}`);
  }
  const failed = reports.some((r) => r.bars.some((b) => !b.ok));
  console.log(failed ? '\nLOAD BENCH FAILED' : '\nEvery bar passed.');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    if (!aborting)
      process.stderr.write(`bench:load failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll();
    process.exit(aborting ? 130 : 1);
  },
);
