// Signing in for the bench: as a browser would (solve the proof-of-work captcha, post the
// password), once to get a session cookie for the signed-in targets, and in a loop from several
// clients to measure sign-ins per second.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

const ACCOUNTS = {
  member: { family: 'amsw0101', account: 'member@example.org', password: 'Member2026demo' },
  organ: { family: 'amsw0103', account: 'organ@example.org', password: 'Organ2026demo' },
};

async function getJson(url, init) {
  const res = await fetch(url, init);
  return { res, body: await res.json() };
}

/** One sign-in (captcha fetched and solved, then the password checked); resolves to the cookie. */
export async function signIn(base, who) {
  const { family, account, password } = ACCOUNTS[who];
  const captcha = (await getJson(`${base}/api/amsw0102/image`)).body.data;
  const solution = await solveChallenge({ challenge: captcha.challenge, deriveKey });
  if (!solution) throw new Error('the captcha could not be solved');
  const captchaAnswer = Buffer.from(JSON.stringify({ challenge: captcha.challenge, solution })).toString('base64');
  const { res, body } = await getJson(`${base}/api/${family}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ account, password, captchaId: captcha.captchaId, captchaAnswer }),
  });
  if (body.code !== 0) throw new Error(`sign-in of ${account} answered ${body.code}: ${body.message}`);
  const cookie = /ams-session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in of ${account} set no session cookie`);
  return cookie;
}

/**
 * Sign-ins per second: `clients` loops signing the demo member in back to back for `seconds`.
 * Each sign-in is what a person's browser does: fetch and solve a captcha, post the password.
 */
export async function measureSignIns(base, { clients, seconds }) {
  const deadline = Date.now() + seconds * 1000;
  const latencies = [];
  let failures = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        try {
          await signIn(base, 'member');
          latencies.push(performance.now() - t0);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? null;
  return { perSecond: latencies.length / elapsed, total: latencies.length, failures, p50: at(50), p99: at(99) };
}
