// One autocannon run measured over a window, shared by `npm run bench` and `npm run bench:search`.
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';

/** The longest the connections may take to be answered once each before a run gives up. */
const MAX_RAMP_SECONDS = 30;

/**
 * One autocannon run whose figures count only a window of `seconds` that opens once every
 * connection has had an answer and `warmSeconds` have passed. autocannon opens all its connections
 * at once, and Node accepts one new connection per turn of its event loop: on a saturated server
 * (the portal, rendering for 50 connections) the last ones wait seconds for their first answer, a
 * cost of the load generator's start that a reader on an open connection never meets and that
 * used to make up most of a page's 99th percentile. Answers the run's result, the window's counts
 * with every response time in it (exact, in ms: autocannon's own histogram keeps whole
 * milliseconds, and at these speeds most answers take about one), and the answers before it.
 *
 * `requests` (autocannon's, e.g. `[{ setupRequest }]`) varies what each request asks; `onStart`
 * is handed the running instance (to stop it on Ctrl-C).
 */
export function windowedLoad({ url, headers, connections, pipelining = 1, warmSeconds, seconds, requests, onStart }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const answered = new Set();
    let opensAt = null;
    let closesAt = null;
    const measured = { latencies: [], responses: 0, bytes: 0, statuses: {} };
    const before = { statuses: {} };
    const instance = autocannon(
      {
        url,
        headers,
        connections,
        pipelining,
        requests,
        // An upper bound: the run is stopped when its window closes.
        duration: warmSeconds + seconds + MAX_RAMP_SECONDS,
        timeout: 10,
      },
      (err, result) => {
        if (err) return reject(err);
        if (opensAt === null) return reject(new Error(`${url}: not every connection was answered`));
        resolve({ result, measured, before });
      },
    );
    onStart?.(instance);
    instance.on('response', (client, status, bytes, responseTime) => {
      const now = performance.now();
      if (opensAt === null) {
        before.statuses[status] = (before.statuses[status] ?? 0) + 1;
        answered.add(client);
        if (answered.size < connections || now - started < warmSeconds * 1000) return;
        opensAt = now;
        closesAt = now + seconds * 1000;
        return;
      }
      if (now > closesAt) {
        instance.stop();
        return;
      }
      measured.latencies.push(responseTime);
      measured.responses++;
      measured.bytes += bytes;
      measured.statuses[status] = (measured.statuses[status] ?? 0) + 1;
    });
  });
}
