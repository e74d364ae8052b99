// `npm run bench`: how fast the built portal answers its public pages, measured against a ceiling.
//
// What it does (DESIGN.md §11 explains why the ceiling matters):
//   1. builds once if dist/front/main.mjs is missing;
//   2. starts the built server (dist/front/main.mjs) as a child process on 127.0.0.1 with a
//      throw-away database (DATA_DIR=memory) and reads its port from the `PORTAL_LISTENING` line;
//   3. for each target: fetches the real answer once, loads the portal with autocannon (counting
//      only a window that opens after the warm-up, once every connection has been answered), then
//      starts the ceiling, a plain node:http server in a
//      child process of its own that answers the same bytes with the same content type
//      (scripts/bench/ceiling-server.mjs), and loads it with the same settings;
//   4. opens the pages of scripts/bench/phone-budgets.mjs in Chromium as a phone (390 px, slow
//      network, CPU slowed; scripts/bench/phone.mjs): the JavaScript each loads as sent and the
//      time until its islands have hydrated, against the page's budget;
//   5. prints the tables and the machine, writes bench/results/latest.json, stops every child.
// Any answer other than the one expected (2xx, or a target's `status`) or a connection error makes the run FAILED and the exit code 1.
//
// Every target runs on the embedded database, and again on PostgreSQL when BENCH_DATABASE_URL
// names a server (a database of its own is created there for the run and dropped after it).
// Targets marked `uncached` go to a second portal with the front's page cache off
// (PAGE_CACHE_TTL_MS=0), as a reader the cache cannot help; `session` targets are signed in (the
// demo member or organisation). A short census before the load reads each target's database
// statements from a portal that logs its requests. Sign-ins per second (a captcha fetched and
// checked, the password checked, as a browser does; the captchas are solved before the clock
// starts, as the visitor's device does that work) are measured with BENCH_SIGNIN_CLIENTS clients.
//
// Settings (environment):
//   BENCH_DATABASE_URL     postgres://… of a server to run everything a second time on
//   BENCH_SIGNIN_CLIENTS   concurrent clients signing in (default 4)
//   BENCH_SECONDS          measured seconds per run (default 10)
//   BENCH_CONNECTIONS      concurrent connections (default 50)
//   BENCH_WARMUP_SECONDS   warm-up seconds before a target's first round, not counted (default 2)
//   BENCH_ONLY             a regular expression: only the targets whose names match (and the
//                          frame) and the phone pages whose `phone <path>` matches (BENCH_ONLY=phone:
//                          the frame and every phone page); no sign-ins
//   BENCH_PHONE_ROUNDS     times each phone page is opened; the median is reported (default 3)
//   BENCH_ROUNDS           measured rounds per target, portal and ceiling in turn; the median
//                          round is reported (default 3)
// Pipelining is always 1 (one request in flight per connection, like browsers).
//
// Only 127.0.0.1 is ever targeted. Every run has a fixed duration, every wait a time limit.
import { spawnSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpGet } from './bench/http-get.mjs';
import { windowedLoad } from './bench/windowed-load.mjs';
import { PHONE_PAGES } from './bench/phone-budgets.mjs';
import { measurePhonePages, printPhoneScripts, printPhoneTable } from './bench/phone.mjs';
import {
  HOST,
  children,
  createBenchDatabase,
  envNumber,
  gitState,
  machine,
  percentile,
  root,
  serverEntry,
  serverNode,
  startPortal as startBuiltPortal,
  stopAll,
  stopChild,
} from './bench/portal.mjs';
import { buildNeeded } from './build-freshness.mjs';
import { measureSignIns, signIn } from './bench/sign-in.mjs';
import { BENCH_TARGETS as ALL_TARGETS, BROWSER_ENCODINGS } from './bench/targets.mjs';

/** The targets with their paths for the portal at `base` (a review page's path is found there). */
async function resolvePaths(targets, base, cookies) {
  return Promise.all(
    targets.map(async (t) =>
      typeof t.path === 'function' ? { ...t, path: await t.path(base, cookies[t.session]) } : t,
    ),
  );
}

/** A session cookie for each demo account the targets sign in as. */
async function signInAll(base) {
  const who = [...new Set(ALL_TARGETS.map((t) => t.session).filter(Boolean))];
  return Object.fromEntries(await Promise.all(who.map(async (w) => [w, await signIn(base, w)])));
}

// BENCH_ONLY (a regular expression over the targets' names, and `phone <path>` for the phone pages)
// measures a few, always with the frame; sign-ins are measured only in a full run.
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const TARGETS = only ? ALL_TARGETS.filter((t) => t.frame || only.test(t.name)) : ALL_TARGETS;
const PHONE = only ? PHONE_PAGES.filter((p) => only.test(`phone ${p.path}`)) : PHONE_PAGES;
const frameTarget = ALL_TARGETS.find((t) => t.frame);

const ceilingEntry = fileURLToPath(new URL('./bench/ceiling-server.mjs', import.meta.url));
const resultsFile = path.join(root, 'bench', 'results', 'latest.json');
const START_TIMEOUT_MS = 60_000;

const settings = {
  signInClients: envNumber('BENCH_SIGNIN_CLIENTS', 4, { min: 1, max: 64, integer: true }),
  seconds: envNumber('BENCH_SECONDS', 10, { min: 1, max: 600, integer: true }),
  warmupSeconds: envNumber('BENCH_WARMUP_SECONDS', 2, { min: 0, max: 60, integer: true }),
  rounds: envNumber('BENCH_ROUNDS', 3, { min: 1, max: 9, integer: true }),
  phoneRounds: envNumber('BENCH_PHONE_ROUNDS', 3, { min: 1, max: 9, integer: true }),
  connections: envNumber('BENCH_CONNECTIONS', 50, { min: 1, max: 2000, integer: true }),
  pipelining: 1,
};

// ---------------------------------------------------------------------------------------------
// Children and clean-up: whatever happens (error, Ctrl-C, SIGTERM), children get SIGTERM.
// ---------------------------------------------------------------------------------------------
let currentLoad = null; // the running autocannon instance, stopped on Ctrl-C
let aborting = false;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (aborting) return;
    aborting = true;
    process.stderr.write(`\n${signal}: stopping the load and the servers…\n`);
    currentLoad?.stop();
    stopAll().finally(() => process.exit(130));
  });
}

function checkNotAborting() {
  if (aborting) throw new Error('aborted');
}

// ---------------------------------------------------------------------------------------------
// Build and servers
// ---------------------------------------------------------------------------------------------

function ensureBuild() {
  if (existsSync(serverEntry)) return;
  console.log('dist/front/main.mjs is missing: running `npm run build`…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(serverEntry))
    throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

/** Starts the built server (scripts/bench/portal.mjs), unless the run is being stopped. */
function startPortal(nodeBin, env = {}, log = null) {
  checkNotAborting();
  return startBuiltPortal(nodeBin, env, log);
}

/**
 * The portal's own headers for the ceiling to send too (same bytes on the wire, not only the
 * same body), less those Node writes itself or that differ per request.
 */
function replayableHeaders(headers) {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !skip.has(name.toLowerCase())));
}

/** Starts the ceiling server for one answer; resolves to { child, port }. */
function startCeiling(nodeBin, answer) {
  checkNotAborting();
  const proc = fork(ceilingEntry, [], { execPath: nodeBin, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const child = { name: 'ceiling', proc };
  children.add(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the ceiling server did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    proc.once('message', (msg) => {
      clearTimeout(timer);
      resolve({ child, port: msg.port });
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      reject(new Error(`the ceiling server stopped (exit ${code ?? signal})`));
    });
    proc.send({
      status: answer.status,
      headers: replayableHeaders(answer.headers),
      body: answer.body.toString('base64'),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

/** One measured run of `settings.connections` (see `windowedLoad`); Ctrl-C stops it. */
async function runAutocannon(url, headers, warmSeconds, seconds) {
  checkNotAborting();
  try {
    return await windowedLoad({
      url,
      headers,
      connections: settings.connections,
      pipelining: settings.pipelining,
      warmSeconds,
      seconds,
      onStart: (instance) => (currentLoad = instance),
    });
  } finally {
    currentLoad = null;
  }
}

/** Status codes other than the expected one (any 2xx by default), as { "404": 12, ... }. */
function badStatuses(statuses, expected) {
  const out = {};
  for (const [code, count] of Object.entries(statuses))
    if (expected ? Number(code) !== expected : !/^2\d\d$/.test(code)) out[code] = Number(count);
  return out;
}

/**
 * The measured window of a run (after a warm-up when asked, and always after every connection was
 * answered once: see `runAutocannon`), with the same settings for portal and ceiling.
 */
async function load(baseUrl, target, { warm = true } = {}) {
  const url = baseUrl + target.path;
  const headers = target.headers ?? {};
  const { result, measured, before } = await runAutocannon(
    url,
    headers,
    warm ? settings.warmupSeconds : 0,
    settings.seconds,
  );
  const latencies = measured.latencies.sort((a, b) => a - b);
  const statuses = badStatuses(measured.statuses, target.status);
  const warmStatuses = badStatuses(before.statuses, target.status);
  return {
    requestsPerSecond: measured.responses / settings.seconds,
    requestsTotal: measured.responses,
    latencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? null,
    },
    bytesPerSecond: measured.bytes / settings.seconds,
    durationSeconds: settings.seconds,
    unexpected: Object.values(statuses).reduce((a, b) => a + b, 0),
    errors: result.errors,
    timeouts: result.timeouts,
    badStatuses: statuses,
    // Before the window: the warm-up and the connections' first answers.
    warmup: {
      unexpected: Object.values(warmStatuses).reduce((a, b) => a + b, 0),
      badStatuses: warmStatuses,
      errors: 0,
      timeouts: 0,
    },
  };
}

/** Problems in one load result, as sentences (empty when every response was 2xx). */
function problemsOf(label, run) {
  const problems = [];
  for (const [phase, r] of [
    ['measured', run],
    ['warm-up', run.warmup],
  ]) {
    if (!r) continue;
    if (r.unexpected > 0)
      problems.push(`${label} (${phase}): ${r.unexpected} unexpected answers ${JSON.stringify(r.badStatuses)}`);
    if (r.errors > 0) problems.push(`${label} (${phase}): ${r.errors} connection errors (${r.timeouts} timeouts)`);
  }
  return problems;
}

/** Loads one target on the portal at `base` and beside it the ceiling answering the same bytes. */
async function measureTarget(nodeBin, base, target, row, problems, frame = null, twin = null) {
  // The real answer, once: its bytes and content type become the ceiling's answer. The first
  // request may fill the page cache; a second look tells whether the cache answers it. With
  // several processes (each with its own page cache, given connections in turn), each is asked
  // once before the look.
  const answer = await httpGet(base + target.path, target.headers);
  for (let i = 1; i < (row.processes ?? 1); i++) await httpGet(base + target.path, target.headers);
  row.answer = { status: answer.status, bytes: answer.body.length, headers: answer.headers };
  if (target.status ? answer.status !== target.status : answer.status < 200 || answer.status > 299) {
    problems.push(`${target.name}: ${target.path} answered ${answer.status}; not measured`);
    return;
  }
  const again = await httpGet(base + target.path, target.headers);
  row.answeredFrom =
    again.headers['x-cache'] === 'hit'
      ? 'page cache'
      : again.headers['x-cache']
        ? `Astro (x-cache ${again.headers['x-cache']})`
        : 'Astro';

  // Rounds of portal then ceiling, each pair measured close in time; the figures are each side's
  // median round, so one slow moment of the machine does not decide a target. A page measured
  // against the frame (`frame`, the frame's target) also has the frame measured right before it
  // in every round, as the same reader (a signed-in page's frame is signed in with its session),
  // so its share of the frame compares the same minute of the machine and only the page's own work.
  process.stdout.write(`${target.name} (${target.path}, ${answer.body.length} bytes): `);
  const ceiling = await startCeiling(nodeBin, answer);
  const rounds = [];
  try {
    for (let round = 0; round < settings.rounds; round++) {
      const frameRun = frame ? await load(base, { ...frame, headers: target.headers }, { warm: round === 0 }) : null;
      // The plain twin and the target take turns going first, so neither always meets the machine
      // as the other left it.
      const twinFirst = round % 2 === 0;
      let twinRun = twin && twinFirst ? await load(base, twin, { warm: round === 0 }) : null;
      const portal = await load(base, target, { warm: round === 0 });
      if (twin && !twinFirst) twinRun = await load(base, twin, { warm: false });
      const ceilingRun = await load(`http://${HOST}:${ceiling.port}`, target, { warm: round === 0 });
      rounds.push({ portal, ceiling: ceilingRun, frame: frameRun, twin: twinRun });
      process.stdout.write(
        `${frameRun ? `[frame ${fmt.int(frameRun.requestsPerSecond)}] ` : ''}` +
          `${twinRun ? `[plain ${fmt.int(twinRun.requestsPerSecond)}] ` : ''}` +
          `${fmt.int(portal.requestsPerSecond)}/${fmt.int(ceilingRun.requestsPerSecond)} `,
      );
    }
  } finally {
    await stopChild(ceiling.child);
  }
  if (frame) {
    const shares = rounds
      .filter((r) => r.frame.requestsPerSecond > 0)
      .map((r) => r.portal.requestsPerSecond / r.frame.requestsPerSecond)
      .sort((a, b) => a - b);
    row.perFrame = shares.length > 0 ? shares[Math.floor((shares.length - 1) / 2)] : null;
  }
  if (twin) {
    const shares = rounds
      .filter((r) => r.twin.requestsPerSecond > 0)
      .map((r) => r.portal.requestsPerSecond / r.twin.requestsPerSecond)
      .sort((a, b) => a - b);
    row.plain = {
      bytes: (await httpGet(base + twin.path, twin.headers)).body.length,
      run: medianRun(rounds.map((r) => r.twin)),
      share: shares.length > 0 ? shares[Math.floor((shares.length - 1) / 2)] : null,
    };
  }
  row.portal = medianRun(rounds.map((r) => r.portal));
  row.ceiling = medianRun(rounds.map((r) => r.ceiling));
  row.rounds = rounds.map((r) => ({
    portal: r.portal.requestsPerSecond,
    ceiling: r.ceiling.requestsPerSecond,
    portalP99: r.portal.latencyMs.p99,
    ...(r.frame ? { frame: r.frame.requestsPerSecond } : {}),
  }));
  // The share of the ceiling pairs each round's portal with the ceiling measured right after it,
  // then takes the median: a moment when something else takes the CPU spoils one pair, not the figure.
  const ratios = rounds
    .filter((r) => r.ceiling.requestsPerSecond > 0)
    .map((r) => r.portal.requestsPerSecond / r.ceiling.requestsPerSecond)
    .sort((a, b) => a - b);
  row.ratio = ratios.length > 0 ? ratios[Math.floor((ratios.length - 1) / 2)] : null;
  console.log(`req/s (portal/ceiling per round)`);
  for (const [i, r] of rounds.entries())
    problems.push(
      ...problemsOf(`${target.name} portal, round ${i + 1}`, r.portal),
      ...problemsOf(`${target.name} ceiling, round ${i + 1}`, r.ceiling),
      ...(r.frame ? problemsOf(`${target.name} frame, round ${i + 1}`, r.frame) : []),
      ...(r.twin ? problemsOf(`${target.name} plain, round ${i + 1}`, r.twin) : []),
    );
}

/** The run with the median rate (of an even count, the lower middle one). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Sign-ins per second, the median of `settings.rounds` rounds, on a portal of their own that
 * trusts 127.0.0.1 as its proxy, so each client can come from an address of its own (as visitors
 * do behind a live site's proxy) and the per-address captcha limit does not cap the bench.
 */
async function measureSignInRounds(nodeBin, env, problems) {
  const clients = settings.signInClients;
  process.stdout.write(`sign-ins (${clients} clients, captchas solved before each round): `);
  const portal = await startPortal(nodeBin, { ...env, PAGE_CACHE_TTL_MS: '0', TRUST_PROXY: HOST });
  const base = `http://${HOST}:${portal.port}`;
  const rounds = [];
  try {
    if (settings.warmupSeconds > 0) await measureSignIns(base, { clients, seconds: settings.warmupSeconds, round: 99 });
    for (let round = 0; round < settings.rounds; round++) {
      checkNotAborting();
      const result = await measureSignIns(base, { clients, seconds: settings.seconds, round });
      rounds.push(result);
      process.stdout.write(`${result.perSecond.toFixed(1)} `);
      if (result.failures > 0) problems.push(`sign-ins, round ${round + 1}: ${result.failures} failed`);
      if (result.solvedInWindow > 0)
        problems.push(
          `sign-ins, round ${round + 1}: ${result.solvedInWindow} captchas solved inside the measured window`,
        );
    }
  } finally {
    await stopChild(portal.child);
  }
  console.log('per second');
  const median = [...rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor((rounds.length - 1) / 2)];
  return { clients, ...median, rounds: rounds.map((r) => r.perSecond) };
}

/**
 * Each target's database statements, from the request log of a portal started for it (page cache
 * off, so every request is rendered): the second of two requests, when the shared caches are warm.
 */
async function countStatements(nodeBin, env) {
  const log = [];
  // One process, so the second request meets the caches the first one warmed.
  const census = await startPortal(nodeBin, { ...env, PAGE_CACHE_TTL_MS: '0', WORKERS: '1' }, log);
  const base = `http://${HOST}:${census.port}`;
  const counts = {};
  try {
    const cookies = await signInAll(base);
    let n = 0;
    for (const target of await resolvePaths(TARGETS, base, cookies)) {
      const headers = { ...(target.headers ?? {}), ...(target.session ? { Cookie: cookies[target.session] } : {}) };
      let statements = null;
      for (let i = 0; i < 2; i++) {
        const requestId = `bench-census-${(n += 1)}`;
        await httpGet(base + target.path, { ...headers, 'X-Request-Id': requestId });
        for (let wait = 0; wait < 50; wait++) {
          const line = log.find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"msg":"request"'));
          if (line) {
            statements = JSON.parse(line).statements ?? null;
            break;
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      counts[target.name] = statements;
    }
  } finally {
    await stopChild(census.child);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const fmt = {
  int: (n) => (n == null ? '-' : String(Math.round(n))),
  ms: (n) => (n == null ? '-' : n.toFixed(2)),
  ratio: (n) => (n == null ? '-' : n.toFixed(n < 0.1 ? 3 : 2)),
  size: (bytes) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`),
};

function printTable(rows) {
  const header = [
    'db',
    'target',
    'path',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ceiling req/s',
    'ratio',
    '÷ frame',
    '÷ anon. frame',
    'stmts',
    'answered from',
  ];
  const body = rows.map((r) => [
    r.processes > 1 ? `${r.database} ×${r.processes}` : r.database,
    r.name,
    r.path,
    fmt.int(r.portal?.requestsPerSecond),
    fmt.ms(r.portal?.latencyMs.p50),
    fmt.ms(r.portal?.latencyMs.p99),
    fmt.int(r.ceiling?.requestsPerSecond),
    fmt.ratio(r.ratio),
    r.perFrame == null ? '' : r.perFrame.toFixed(2),
    r.perAnonymousFrame == null ? '' : r.perAnonymousFrame.toFixed(2),
    r.statements == null ? '-' : String(r.statements),
    r.answeredFrom ?? '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  // Text columns to the left, numbers to the right.
  const text = new Set([0, 1, 2, 11]);
  const line = (cells) =>
    cells
      .map((c, i) => (text.has(i) ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

/**
 * Each compressed target beside the same request without `Accept-Encoding`, measured in the same
 * rounds: requests per second (and the share the compressed one keeps, the median round's), p50,
 * and the bytes of one answer as sent.
 */
function printCompression(rows) {
  const compressed = rows.filter((r) => r.plain && r.portal);
  if (compressed.length === 0) return;
  console.log('');
  console.log(`Compression (Accept-Encoding: ${BROWSER_ENCODINGS}), plain → compressed, in the same rounds:`);
  for (const r of compressed) {
    const coding = r.answer.headers['content-encoding'] ?? 'none';
    console.log(
      `  ${r.database} ${r.compressedOf}: ${fmt.int(r.plain.run.requestsPerSecond)} → ${fmt.int(r.portal.requestsPerSecond)} req/s ` +
        `(${fmt.ratio(r.plain.share)}), p50 ${fmt.ms(r.plain.run.latencyMs.p50)} → ${fmt.ms(r.portal.latencyMs.p50)} ms, ` +
        `${fmt.size(r.plain.bytes)} → ${fmt.size(r.answer.bytes)} sent (${coding})`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  ensureBuild();
  const nodeBin = serverNode();
  const date = new Date();
  const info = machine(nodeBin);
  const buildIdFile = path.join(root, 'dist', 'build-id.txt');
  const build = {
    id: existsSync(buildIdFile) ? readFileSync(buildIdFile, 'utf8').trim() : null,
    builtAt: new Date(statSync(serverEntry).mtimeMs).toISOString(),
  };
  if (buildNeeded(root)) {
    console.log(
      'Note: the sources have changed since the last build; this measures dist/ as built. Run `npm run build` to measure the sources.',
    );
  }

  // Other work on the machine takes cores from the portal, the ceiling and autocannon alike,
  // and not evenly: say so next to the figures.
  const busy = () => {
    const [one] = os.loadavg();
    return one > info.cores * 0.5 ? `load average ${one.toFixed(2)} on ${info.cores} cores` : null;
  };
  const busyBefore = busy();
  if (busyBefore)
    console.log(`Warning: the machine is busy before the run (${busyBefore}); figures may be low and uneven.`);

  // Per target: one warm-up each for portal and ceiling, then the rounds of both; sign-ins likewise.
  // Rendered and signed-in pages add a frame run to each round.
  const perRun = settings.warmupSeconds + settings.rounds * settings.seconds;
  const againstFrame = TARGETS.filter(
    (t) =>
      t.compressedOf || (!t.frame && (t.session || t.portal === 'uncached') && !String(t.path).startsWith('/api/')),
  ).length;
  const perSignIns = only ? 0 : perRun;
  const runs = process.env.BENCH_DATABASE_URL ? 2 : 1;
  // A phone page opens in about 8 s on the throttled network and CPU.
  const perPhone = PHONE.length * settings.phoneRounds * 8;
  console.log(
    `Bench: ${TARGETS.length} targets on ${runs === 2 ? 'the embedded database and PostgreSQL' : 'the embedded database'}, ` +
      `${settings.connections} connections, pipelining ${settings.pipelining}, ` +
      `${settings.warmupSeconds} s warm-up + ${settings.rounds} rounds of ${settings.seconds} s, portal then ceiling ` +
      `(about ${Math.ceil(((runs * ((2 * TARGETS.length + againstFrame) * perRun + perSignIns) + perPhone) / 60) * 10) / 10} min)`,
  );

  // One key for every portal of the run: on PostgreSQL they share the seeded national IDs.
  const secretKey = randomBytes(32).toString('hex');
  const databases = [{ name: 'embedded', env: { SECRET_KEY: secretKey } }];
  const postgres = process.env.BENCH_DATABASE_URL ? await createBenchDatabase(process.env.BENCH_DATABASE_URL) : null;
  if (postgres) databases.push({ name: 'postgres', env: { SECRET_KEY: secretKey, DATABASE_URL: postgres.url } });

  const rows = [];
  const signIns = [];
  const problems = [];
  let phone = [];
  try {
    for (const database of databases) {
      // The portal's own default (src/server/config.ts workerCount): one process on the embedded
      // database, one per core on PostgreSQL unless WORKERS is set.
      const processes = database.env.DATABASE_URL ? Number(process.env.WORKERS || 1) : 1;
      database.processes = processes;
      console.log(`\n== ${database.name} database (${processes} serving process${processes === 1 ? '' : 'es'})`);
      const census = await countStatements(nodeBin, database.env);
      const portals = {
        cached: await startPortal(nodeBin, database.env),
        uncached: await startPortal(nodeBin, { ...database.env, PAGE_CACHE_TTL_MS: '0' }),
      };
      try {
        const bases = Object.fromEntries(Object.entries(portals).map(([k, p]) => [k, `http://${HOST}:${p.port}`]));
        console.log(`portals listening on ${bases.cached} and ${bases.uncached} (page cache off)`);
        // Signed-in targets go to the portal without the page cache; a session skips it anyway.
        const cookies = await signInAll(bases.uncached);
        for (const target of await resolvePaths(TARGETS, bases.uncached, cookies)) {
          checkNotAborting();
          const portalKind = target.session ? 'uncached' : (target.portal ?? 'cached');
          const headers = { ...(target.headers ?? {}), ...(target.session ? { Cookie: cookies[target.session] } : {}) };
          const row = {
            database: database.name,
            name: target.name,
            path: target.path,
            headers: target.headers ?? {},
            statements: census[target.name] ?? null,
            processes,
            frame: Boolean(target.frame),
            rendered: portalKind === 'uncached',
            compressedOf: target.compressedOf ?? null,
          };
          rows.push(row);
          // Rendered and signed-in pages are also given as a share of the frame's rate; a compressed
          // target as a share of the same request without Accept-Encoding, measured in each round.
          const againstFrame = row.rendered && !row.frame && !target.compressedOf && !target.path.startsWith('/api/');
          const { 'Accept-Encoding': _coding, ...plainHeaders } = headers;
          await measureTarget(
            nodeBin,
            bases[portalKind],
            { ...target, headers },
            row,
            problems,
            againstFrame ? frameTarget : null,
            target.compressedOf ? { ...target, headers: plainHeaders } : null,
          );
        }
        // The same pages against the anonymous frame measured once at the start, for comparison.
        const anonymousFrame = rows.find((r) => r.database === database.name && r.frame && r.portal);
        for (const r of rows)
          if (anonymousFrame && r.database === database.name && r.perFrame != null && r.portal)
            r.perAnonymousFrame = r.portal.requestsPerSecond / anonymousFrame.portal.requestsPerSecond;

        checkNotAborting();
        if (!only)
          signIns.push({ database: database.name, ...(await measureSignInRounds(nodeBin, database.env, problems)) });

        // The phone (once, on the page-cached portal), after the load runs so it cannot disturb them.
        if (database === databases[0] && PHONE.length) {
          checkNotAborting();
          console.log(`phone: ${PHONE.length} pages, ${settings.phoneRounds} rounds each`);
          const measured = await measurePhonePages(bases.cached, { pages: PHONE, rounds: settings.phoneRounds });
          phone = measured.rows;
          problems.push(...measured.problems);
        }
      } finally {
        for (const [kind, portal] of Object.entries(portals)) {
          if (portal.child.unexpectedExit)
            problems.push(`the ${kind} portal stopped during the run (${portal.child.unexpectedExit})`);
          await stopChild(portal.child);
        }
      }
    }
  } finally {
    await postgres?.drop();
  }

  // ---- the report ----
  console.log('');
  console.log(`Date:    ${date.toISOString()}`);
  console.log(`Machine: ${info.cpu}, ${info.cores} cores, ${info.memoryGiB} GiB, ${info.platform}`);
  console.log(`Node:    ${info.node} (servers), ${info.loadGeneratorNode} (autocannon ${info.autocannon})`);
  console.log(
    `Load:    ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmupSeconds} s warm-up, median of ${settings.rounds} rounds of ${settings.seconds} s`,
  );
  console.log(`Build:   ${build.id ?? '?'} (${build.builtAt})`);
  console.log('');
  printTable(rows);
  printCompression(rows);
  console.log('');
  for (const r of signIns) {
    console.log(
      `${r.database}: ${r.perSecond.toFixed(1)} sign-ins per second with ${r.clients} clients ` +
        `(captcha fetched and checked, password checked; median round of ${r.rounds.map((n) => n.toFixed(1)).join(', ')}; ` +
        `p50 ${fmt.ms(r.p50)} ms, p99 ${fmt.ms(r.p99)} ms, ${r.total} in that round)`,
    );
  }
  console.log('');
  if (phone.length) {
    printPhoneTable(phone);
    console.log('');
    printPhoneScripts(phone);
  }

  // The one-minute load average at the end mostly reflects the bench itself (about two busy
  // processes); the figure before the run is the one that shows outside work.
  info.loadAverageBefore = busyBefore;
  if (busyBefore)
    console.log(`Warning: the machine was busy when the run started (${busyBefore}); compare figures with care.`);

  const failed = problems.length > 0;
  const report = {
    date: date.toISOString(),
    machine: info,
    settings,
    build,
    git: gitState(),
    targets: rows,
    signIns,
    phone,
    problems,
    ok: !failed,
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log('');
  console.log(`Results written to ${path.relative(root, resultsFile)}`);

  if (failed) {
    console.log('');
    console.log('!!!! BENCH FAILED: not every response was the one expected, or something could not be measured !!!!');
    for (const p of problems) console.log(`  - ${p}`);
    console.log('The figures above are not valid.');
    return 1;
  }
  console.log('Every response was the one expected (2xx, or the status a target names); no connection errors.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    if (!aborting) process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll();
    process.exit(aborting ? 130 : 1);
  },
);
