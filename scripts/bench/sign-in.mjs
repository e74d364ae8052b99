// Signing in for the bench: as a browser would (solve the proof-of-work captcha, post the
// password), once to get a session cookie for the signed-in targets, and in a loop from several
// clients to measure sign-ins per second.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { generate } from 'otplib';

/** The demo's published authenticator key of every staff account (`DEMO_SECOND_FACTOR_SECRET` of the seed, README). */
const DEMO_SECOND_FACTOR_SECRET = 'DEMOSTAFFSECRET2DEMOSTAFFSECRET2';

/** The demo accounts the benches sign in as (README "Demo accounts"); `amsw0103` is the organisations' sign-in. */
export const ACCOUNTS = {
  member: { family: 'amsw0101', account: 'member@example.org', password: 'Member2026demo' },
  webuser: { family: 'amsw0101', account: 'webuser@example.org', password: 'Webuser2026demo' },
  organ: { family: 'amsw0103', account: 'organ@example.org', password: 'Organ2026demo' },
  reviewer: { family: 'amsw0101', account: 'reviewer@example.org', password: 'Reviewer2026demo' },
  finance: { family: 'amsw0101', account: 'finance@example.org', password: 'Finance2026demo' },
  statusReviewer: { family: 'amsw0101', account: 'status-reviewer@example.org', password: 'Status2026demo' },
  editor: { family: 'amsw0101', account: 'editor@example.org', password: 'Editor2026demo' },
  admin: { family: 'amsw0101', account: 'admin@example.org', password: 'Admin2026demo' },
};

/**
 * Captchas solved ahead per client and measured second. A client that uses them all solves the
 * rest inline, which the result reports (`solvedInWindow`), since it then measures the bench too.
 */
const SOLVED_AHEAD_PER_SECOND = 25;

async function getJson(url, init) {
  const res = await fetch(url, init);
  return { res, body: await res.json() };
}

/** A new captcha from the portal: { captchaId, challenge }. */
async function fetchCaptcha(base, headers = {}) {
  return (await getJson(`${base}/api/amsw0102/image`, { headers })).body.data;
}

/** A captcha fetched and solved, as the sign-in form's island does it: { captchaId, captchaAnswer }. */
export async function solvedCaptcha(base, headers = {}) {
  const captcha = await fetchCaptcha(base, headers);
  const solution = await solveChallenge({ challenge: captcha.challenge, deriveKey });
  if (!solution) throw new Error('the captcha could not be solved');
  const captchaAnswer = Buffer.from(JSON.stringify({ challenge: captcha.challenge, solution })).toString('base64');
  return { captchaId: captcha.captchaId, captchaAnswer };
}

/** Posts the password with a solved captcha; resolves to the session cookie. */
async function postPassword(base, who, solved, headers = {}) {
  const { family, account, password } = ACCOUNTS[who];
  const { res, body } = await getJson(`${base}/api/${family}/login`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ account, password, ...solved }),
  });
  if (body.code !== 0) throw new Error(`sign-in of ${account} answered ${body.code}: ${body.message}`);
  const cookie = /ams-session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in of ${account} set no session cookie`);
  return cookie;
}

/**
 * Passes a staff session's second factor with the demo authenticator's code. A code is taken once
 * per account and 30-second step: when this step's was used (a sign-in moments ago), the next.
 */
async function passSecondFactor(base, cookie) {
  const now = Math.floor(Date.now() / 30_000);
  for (const step of [now, now + 1, now + 2]) {
    // The portal takes steps up to one ahead of its clock: the third waits for the clock.
    if (step === now + 2) await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 200));
    const code = await generate({ secret: DEMO_SECOND_FACTOR_SECRET, epoch: step * 30 });
    const { body } = await getJson(`${base}/api/amsw1101/secondFactor/verify`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ code }),
    });
    if (body.code === 0) return;
  }
  throw new Error('the second factor was refused');
}

/**
 * One sign-in (captcha fetched and solved, then the password checked; for staff, the second
 * factor too); resolves to the cookie.
 */
export async function signIn(base, who) {
  const cookie = await postPassword(base, who, await solvedCaptcha(base));
  if (who === 'finance' || who === 'editor' || who === 'admin') await passSecondFactor(base, cookie);
  return cookie;
}

/**
 * Sign-ins per second: `clients` loops signing the demo member in back to back for `seconds`.
 *
 * Each sign-in asks the portal what a person's browser asks: a new captcha, then the password
 * with a solved one. The solving is a visitor's device's work, not the server's, so each client
 * solves its captchas before the clock starts and, in the measured window, posts one of those
 * with each password (the captcha it fetches there goes unused, as one does when a visitor
 * reloads the form). Each client comes from an address of its own (`X-Forwarded-For`, for a
 * portal that trusts 127.0.0.1 as its proxy), so the per-address captcha limit is not the
 * bench's ceiling; `round` makes each round's addresses new.
 */
export async function measureSignIns(base, { clients, seconds, round = 0 }) {
  const addressOf = (client) => ({ 'X-Forwarded-For': `198.51.${100 + (round % 100)}.${client + 1}` });
  const solvedAhead = await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const pool = [];
      for (let i = 0; i < Math.ceil(seconds * SOLVED_AHEAD_PER_SECOND); i++)
        pool.push(await solvedCaptcha(base, addressOf(client)));
      return pool;
    }),
  );

  const deadline = Date.now() + seconds * 1000;
  const latencies = [];
  let failures = 0;
  let solvedInWindow = 0;
  const started = Date.now();
  await Promise.all(
    solvedAhead.map(async (pool, client) => {
      const headers = addressOf(client);
      while (Date.now() < deadline) {
        const t0 = performance.now();
        try {
          let solved = pool.pop();
          if (solved) await fetchCaptcha(base, headers);
          else {
            solved = await solvedCaptcha(base, headers);
            solvedInWindow += 1;
          }
          await postPassword(base, 'member', solved, headers);
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
  return {
    perSecond: latencies.length / elapsed,
    total: latencies.length,
    failures,
    solvedInWindow,
    p50: at(50),
    p99: at(99),
  };
}
