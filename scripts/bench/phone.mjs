// A phone opening the portal's pages: the JavaScript each loads, as sent, and the time until its
// islands answer. Part of `npm run bench`; on its own (`npm run bench:phone`, after `npm run
// build`) it starts the built portal on a throw-away database and measures only this.
//
// Each page is opened in a fresh browser context (nothing cached, as a first visit), in the
// project's Chromium (CHROMIUM_PATH, else Debian's headless shell, as the browser tests) at the
// phone profile of scripts/bench/phone-budgets.mjs: CDP `Network.emulateNetworkConditions` and
// `Emulation.setCPUThrottlingRate`. What is measured, per page:
//   - JavaScript: every script response (module, classic, dynamic import, worker) until the
//     network rests (no request in flight for 500 ms after the islands have hydrated), counted
//     as its body sent on the wire: Chromium's `Network.loadingFinished.encodedDataLength` less
//     the response's headers (Playwright's `request.sizes().responseBodySize`), so a compressed
//     answer counts compressed. Scripts inside the HTML are part of the HTML, not counted.
//   - Hydrated after: from the start of the navigation (`performance.timeOrigin`) until the last
//     island that hydrates at once (`<astro-island client="load">` or `client="only"`; `idle`,
//     `visible` and `media` ones wait for something else) has hydrated. Astro's island runtime
//     (node_modules/astro/dist/runtime/server/astro-island.js) removes the island's `ssr`
//     attribute and dispatches `astro:hydrate` on it once the framework has rendered it; a script
//     put in the page before any of its own records each `astro:hydrate` with `performance.now()`.
//
// The browser test (tests/e2e/site/phone-budget.spec.ts) calls `measurePhonePage` without the
// throttling, for the bytes alone.
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PHONE_BUDGETS, PHONE_PAGES, PHONE_PROFILE, budgetOf } from './phone-budgets.mjs';
import { HOST, envNumber, gitState, machine, root, serverNode, startPortal, stopAll, stopChild } from './portal.mjs';
import { signIn } from './sign-in.mjs';
import { chromiumLaunchOptions } from '../chromium-launch.mjs';

/** The islands that hydrate as soon as their scripts arrive (Astro's `client` attribute). */
const AT_ONCE = 'astro-island:is([client="load"], [client="only"])';
/** How long the network must rest before the page is done. */
const QUIET_MS = 500;
/** Ceilings against a hang (never a speed check): navigation, hydration, the network resting. */
const NAVIGATION_TIMEOUT_MS = 120_000;
const HYDRATION_TIMEOUT_MS = 60_000;
const QUIET_TIMEOUT_MS = 60_000;

/** A browser context's options for the phone (Playwright `newContext` / `test.use`). */
export const phoneContextOptions = Object.freeze({
  viewport: PHONE_PROFILE.viewport,
  isMobile: true,
  hasTouch: true,
});

/** The browser the benches and tests use (playwright.config.ts), started by Playwright. */
export function launchPhoneBrowser() {
  return chromium.launch(chromiumLaunchOptions());
}

/** Records each island's hydration (in the page, before any of its scripts). */
function recordHydrations() {
  const seen = [];
  Object.defineProperty(window, '__phoneHydrations', { value: seen });
  // `astro:hydrate` does not bubble: a listener on the document in the capture phase sees it.
  document.addEventListener(
    'astro:hydrate',
    (event) => {
      const island = event.target;
      if (island instanceof Element && island.localName === 'astro-island')
        seen.push({ client: island.getAttribute('client'), at: performance.now() });
    },
    true,
  );
}

/** Resolves once no request of `page` has been in flight for QUIET_MS (`inFlight` kept by the caller). */
async function networkRest(inFlight, lastChange) {
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  for (;;) {
    if (inFlight.size === 0 && Date.now() - lastChange() >= QUIET_MS) return;
    if (Date.now() > deadline) throw new Error(`the network did not rest within ${QUIET_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens `url` in `page` (a page of a fresh context, signed in already if need be) and measures
 * it. With `throttle`, on the phone profile's network and CPU. Resolves to
 * { javascriptBytes, scripts: [{ path, bytes }], atOnceIslands, hydratedMs, loadedMs } (`hydratedMs`
 * null when the page has no island that hydrates at once; `loadedMs` the end of its `load`
 * event, when its scripts have run); throws when the page does not answer 200
 * at its own address or an island never hydrates.
 */
export async function measurePhonePage(page, url, { throttle = true } = {}) {
  if (throttle) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_PROFILE.latencyMs,
      downloadThroughput: PHONE_PROFILE.downloadBitsPerSecond / 8,
      uploadThroughput: PHONE_PROFILE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  }
  await page.addInitScript(recordHydrations);

  const inFlight = new Set();
  let changedAt = Date.now();
  const finished = [];
  const failed = [];
  const onRequest = (request) => {
    inFlight.add(request);
    changedAt = Date.now();
  };
  const onFinished = (request) => {
    inFlight.delete(request);
    changedAt = Date.now();
    finished.push(request);
  };
  const onFailed = (request) => {
    inFlight.delete(request);
    changedAt = Date.now();
    failed.push(request);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
    const wanted = new URL(url).pathname;
    const landed = new URL(page.url()).pathname;
    if (response?.status() !== 200 || landed !== wanted)
      throw new Error(`${wanted} answered ${response?.status() ?? 'nothing'} at ${landed}`);
    try {
      await page.waitForFunction((selector) => !document.querySelector(`${selector}[ssr]`), AT_ONCE, {
        timeout: HYDRATION_TIMEOUT_MS,
        polling: 100,
      });
    } catch {
      const waiting = await page
        .locator(`${AT_ONCE}[ssr]`)
        .evaluateAll((islands) => islands.map((i) => i.getAttribute('component-url')));
      throw new Error(`${wanted}: islands not hydrated after ${HYDRATION_TIMEOUT_MS / 1000} s: ${waiting.join(', ')}`);
    }
    await networkRest(inFlight, () => changedAt);

    const { atOnceIslands, hydratedMs, loadedMs } = await page.evaluate((selector) => {
      const atOnce = document.querySelectorAll(selector).length;
      const times = window.__phoneHydrations.filter((h) => h.client === 'load' || h.client === 'only').map((h) => h.at);
      const [navigation] = performance.getEntriesByType('navigation');
      return {
        atOnceIslands: atOnce,
        hydratedMs: atOnce && times.length ? Math.max(...times) : null,
        loadedMs: navigation ? navigation.loadEventEnd : null,
      };
    }, AT_ONCE);

    const scripts = [];
    for (const request of finished) {
      const answer = await request.response();
      const type = answer?.headers()['content-type'] ?? '';
      if (request.resourceType() !== 'script' && !/javascript/i.test(type)) continue;
      const { responseBodySize } = await request.sizes();
      scripts.push({ path: new URL(request.url()).pathname, bytes: responseBodySize });
    }
    const failedScripts = failed.filter((r) => r.resourceType() === 'script');
    if (failedScripts.length)
      throw new Error(`${wanted}: scripts failed: ${failedScripts.map((r) => new URL(r.url()).pathname).join(', ')}`);
    scripts.sort((a, b) => b.bytes - a.bytes);
    return {
      javascriptBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      scripts,
      atOnceIslands,
      hydratedMs,
      loadedMs,
    };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
  }
}

/** The middle value (the lower of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Measures `pages` (default: the whole list) on the portal at `base`, each `rounds` times in a
 * fresh context; signs in the demo accounts the pages name first. Resolves to { rows, problems }:
 * one row per page with the median round's figures.
 */
export async function measurePhonePages(base, { pages = PHONE_PAGES, rounds = 1, log = () => {} } = {}) {
  const problems = [];
  const cookies = {};
  for (const who of new Set(pages.map((p) => p.session).filter(Boolean))) {
    try {
      cookies[who] = await signIn(base, who);
    } catch (error) {
      problems.push(`phone: signing ${who} in: ${error.message}`);
    }
  }
  const browser = await launchPhoneBrowser();
  const rows = [];
  try {
    for (const entry of pages) {
      if (entry.session && !cookies[entry.session]) continue;
      const runs = [];
      for (let round = 0; round < rounds; round++) {
        const context = await browser.newContext(phoneContextOptions);
        try {
          if (entry.session) {
            const [name, value] = cookies[entry.session].split(/=(.*)/s);
            await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
          }
          runs.push(await measurePhonePage(await context.newPage(), base + entry.path));
        } catch (error) {
          problems.push(`phone: ${error.message}`);
          break;
        } finally {
          await context.close();
        }
      }
      if (runs.length < rounds) continue;
      const budget = budgetOf(entry);
      const times = runs.map((r) => r.hydratedMs).filter((t) => t != null);
      const middle = runs.find((r) => r.javascriptBytes === median(runs.map((x) => x.javascriptBytes)));
      const row = {
        path: entry.path,
        kind: entry.kind,
        session: entry.session ?? null,
        javascriptBytes: middle.javascriptBytes,
        budgetBytes: budget.javascriptBytes,
        scripts: middle.scripts,
        atOnceIslands: middle.atOnceIslands,
        hydratedMs: times.length ? median(times) : null,
        hydratedRoundsMs: times,
        loadedMs: median(runs.map((r) => r.loadedMs)),
        limitMs: budget.hydratedWithinMs,
      };
      rows.push(row);
      log(row);
    }
  } finally {
    await browser.close();
  }
  return { rows, problems };
}

const kB = (bytes) =>
  `${(bytes / 1000).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} kB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** A page without an island that hydrates at once gives the end of its `load` event instead. */
const hydrated = (row) =>
  row.hydratedMs == null ? `no island (loaded ${seconds(row.loadedMs)})` : seconds(row.hydratedMs);

/** Prints the table: page, kind, kB sent, budget, hydrated after, limit (`over` past either). */
export function printPhoneTable(rows) {
  const header = ['page', 'kind', 'JavaScript sent', 'budget', 'hydrated after', 'limit'];
  const lines = rows.map((r) => [
    r.path,
    PHONE_BUDGETS[r.kind].label,
    `${kB(r.javascriptBytes)}${r.javascriptBytes > r.budgetBytes ? ' over' : ''}`,
    kB(r.budgetBytes),
    `${hydrated(r)}${r.hydratedMs != null && r.hydratedMs > r.limitMs ? ' over' : ''}`,
    seconds(r.limitMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const right = new Set([2, 3, 4, 5]);
  const format = (cells) =>
    cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  const overBytes = rows.filter((r) => r.javascriptBytes > r.budgetBytes).length;
  const overTime = rows.filter((r) => r.hydratedMs != null && r.hydratedMs > r.limitMs).length;
  console.log(
    `${rows.length} pages: ${overBytes} over their JavaScript budget, ${overTime} past their time limit ` +
      `(phone: ${PHONE_PROFILE.viewport.width} px, ${PHONE_PROFILE.downloadBitsPerSecond / 1e6} Mbps down, ` +
      `${PHONE_PROFILE.uploadBitsPerSecond / 1e3} kbps up, ${PHONE_PROFILE.latencyMs} ms latency, CPU ${PHONE_PROFILE.cpuSlowdown}× slower; ` +
      `kB = 1,000 bytes as sent; hydration the median of the rounds)`,
  );
}

/** The largest scripts of each page (where the weight comes from). */
export function printPhoneScripts(rows, perPage = 5) {
  for (const r of rows) {
    console.log(`${r.path}: ${r.scripts.length} scripts`);
    for (const s of r.scripts.slice(0, perPage)) console.log(`  ${kB(s.bytes).padStart(10)}  ${s.path}`);
  }
}

// ---------------------------------------------------------------------------------------------
// On its own: `npm run bench:phone` (BENCH_PHONE_ROUNDS rounds per page, default 3; BENCH_ONLY a
// regular expression over the pages' paths).
// ---------------------------------------------------------------------------------------------
async function main() {
  const rounds = envNumber('BENCH_PHONE_ROUNDS', 3, { min: 1, max: 9, integer: true });
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  const pages = only ? PHONE_PAGES.filter((p) => only.test(p.path)) : PHONE_PAGES;
  const nodeBin = serverNode();
  const portal = await startPortal(nodeBin);
  const base = `http://${HOST}:${portal.port}`;
  console.log(`Phone: ${pages.length} pages on ${base}, ${rounds} round${rounds === 1 ? '' : 's'} each`);
  let result;
  try {
    result = await measurePhonePages(base, {
      pages,
      rounds,
      log: (r) => console.log(`  ${r.path}: ${kB(r.javascriptBytes)}, ${hydrated(r)}`),
    });
  } finally {
    await stopChild(portal.child);
  }
  console.log('');
  printPhoneTable(result.rows);
  console.log('');
  printPhoneScripts(result.rows);
  const file = path.join(root, 'bench', 'results', 'phone.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    machine: machine(nodeBin),
    git: gitState(),
    profile: PHONE_PROFILE,
    rounds,
    pages: result.rows,
    problems: result.problems,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(root, file)}`);
  if (result.problems.length) {
    console.log('\n!!!! PHONE BENCH FAILED: some pages could not be measured !!!!');
    for (const p of result.problems) console.log(`  - ${p}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll().finally(() => process.exit(130)));
  main().then(
    (code) => process.exit(code),
    async (error) => {
      process.stderr.write(`phone bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
      await stopAll();
      process.exit(1);
    },
  );
}
