import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../setup/private-postgres';
import { startServer, workerPids, type RunningServer } from '../setup/start-server';
import { json, mailsTo, solvedCaptcha, uniqueEmail, visitor } from './helpers';
import { signedInOn } from './own-server';

/**
 * The longest a request may take while the database is away: the pool's connection timeout
 * (`CONNECT_TIMEOUT_MS` in src/server/db/client.ts, 5 s) and room for a loaded machine.
 */
const ANSWER_BOUND_MS = 8000;

type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after';

interface Answer {
  name: string;
  phase: Phase;
  /** Whether the request began and ended in one phase (its answer is judged by that phase). */
  settled: boolean;
  status: number;
  ms: number;
  cache: string | null;
  contentType: string;
  body: string;
  /** A request that got no answer at all (connection refused or reset: the process fell over). */
  failure?: string;
}

/** The maintenance page's heading, in the two languages (src/i18n). */
const MAINTENANCE = /系統維護中|under maintenance/i;

/** Many fresh connections at once, so the cluster hands them to every worker. */
async function readEverywhere(url: string, times = 12) {
  return Promise.all(
    Array.from({ length: times }, async () => (await fetch(url, { headers: { Connection: 'close' } })).text()),
  );
}

// PostgreSQL stopped under load and started again, on a cluster of the test's own (the machine's
// server is shared): meanwhile the portal answers 503 and -997 at once, and afterwards it works
// again without a restart (docs/architecture.md, "Faults").
describe('PostgreSQL stopped and started again under load', () => {
  let cluster: PrivatePostgres;
  let server: RunningServer;
  let member: Awaited<ReturnType<typeof signedInOn>>;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    server = await startServer({
      DATA_DIR: 'memory',
      DATABASE_URL: cluster.url,
      SECRET_KEY: inject('secretKey'),
      SMTP_URL: inject('smtpUrl'),
      TRUST_PROXY: 'loopback',
      // Two serving processes: each must keep its listener and its pool through the outage.
      WORKERS: '2',
      JOB_TICK_SECONDS: '1',
      // Without the content-change announcement a cached page would stay for ten minutes.
      PAGE_CACHE_TTL_MS: '600000',
    });
    member = await signedInOn(server.url, 'member@example.org', 'Member2026demo');
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await cluster?.remove();
  });

  /** A statement on a connection of its own to the cluster, for what the portal does not show (listeners, jobs). */
  async function sql<T>(text: string): Promise<T[]> {
    const direct = new pg.Client({ connectionString: cluster.url });
    await direct.connect();
    try {
      return (await direct.query(text)).rows as T[];
    } finally {
      await direct.end();
    }
  }

  /** Sends a mixed stream of requests until `stop` is called: pages, API reads, a write, cached and not. */
  function load(phase: () => Phase) {
    const answers: Answer[] = [];
    let running = true;
    let n = 0;
    const requests: { name: string; path: () => string; init?: () => RequestInit }[] = [
      { name: 'cached page', path: () => '/news/list' },
      { name: 'page', path: () => `/en-us/news/list?n=${n}` },
      { name: 'public API', path: () => '/api/amsw0201/webInfo' },
      { name: 'member API', path: () => '/api/amsw0101', init: () => ({ headers: member.auth }) },
      { name: 'member page', path: () => '/en-us/member/center', init: () => ({ headers: { Cookie: member.cookie } }) },
      {
        name: 'write',
        path: () => '/api/amsw0101/editWork',
        init: () => ({
          method: 'PUT',
          headers: { ...member.auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ workplace: `Clinic ${n}`, department: '', jobTitle: '', education: '' }),
        }),
      },
    ];
    const loop = async (offset: number) => {
      for (let i = offset; running; i++) {
        n++;
        const request = requests[i % requests.length]!;
        const began = phase();
        const started = Date.now();
        const answer: Answer = {
          name: request.name,
          phase: began,
          settled: false,
          status: 0,
          ms: 0,
          cache: null,
          contentType: '',
          body: '',
        };
        try {
          const res = await fetch(server.url + request.path(), {
            redirect: 'manual',
            signal: AbortSignal.timeout(30_000),
            ...request.init?.(),
          });
          answer.status = res.status;
          answer.cache = res.headers.get('x-cache');
          answer.contentType = res.headers.get('content-type') ?? '';
          answer.body = await res.text();
        } catch (error) {
          answer.failure = String((error as { cause?: unknown }).cause ?? error);
        }
        answer.ms = Date.now() - started;
        answer.settled = phase() === began;
        answers.push(answer);
      }
    };
    const loops = Array.from({ length: 4 }, (_, i) => loop(i));
    return {
      answers,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string, ms = 20_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe().catch(() => undefined);
      if (value !== undefined && ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (last: ${JSON.stringify(value)})`);
      await pause(200);
    }
  }

  const envelopeOf = (answer: Answer) => {
    try {
      return JSON.parse(answer.body) as { code: number; message: string };
    } catch {
      return null;
    }
  };

  const isApi = (answer: Answer) => answer.name.includes('API') || answer.name === 'write';
  const isUnavailable = (answer: Answer) =>
    answer.status === 503 &&
    (isApi(answer)
      ? envelopeOf(answer)?.code === -997 && Boolean(envelopeOf(answer)?.message)
      : MAINTENANCE.test(answer.body));

  /**
   * What an answer given while the database was away may be: 503 with -997 (API) or the
   * maintenance page; or, for anonymous public reads, what the caches still hold (the front's page
   * cache, or the memo cache the page is drawn from: `X-Cache: miss` with the real page).
   */
  function problemWhileDown(answer: Answer): string | null {
    if (isUnavailable(answer)) return null;
    const anonymous = answer.name === 'cached page' || answer.name === 'page' || answer.name === 'public API';
    if (anonymous && answer.status === 200 && (envelopeOf(answer)?.code ?? 0) === 0) return null;
    return isApi(answer) ? 'not 503 with -997' : 'not the maintenance page';
  }

  /** Whatever the phase: an answer (never a dropped connection), never a stack, never a 500, in time. */
  function problemAlways(answer: Answer): string | null {
    if (answer.failure) return `no answer: ${answer.failure}`;
    if (answer.ms > ANSWER_BOUND_MS) return `answered after ${answer.ms} ms`;
    if (answer.status >= 500 && answer.status !== 503) return `HTTP ${answer.status}`;
    if (/\bat \S+\.(m?js|ts):\d+/.test(answer.body)) return 'a stack trace';
    if (answer.status === 503 && !isUnavailable(answer)) return '503 without -997 or the maintenance page';
    return null;
  }

  /** Stops PostgreSQL under load, checks the answers meanwhile, starts it again and waits for the portal to answer. */
  async function outage(mode: 'fast' | 'immediate') {
    // Pages and public answers the front cache keeps: they may still be answered from it.
    for (const path of ['/news/list', '/api/amsw0201/webInfo']) await readEverywhere(server.url + path);
    let phase: Phase = 'before';
    const traffic = load(() => phase);
    await pause(1000);
    phase = 'stopping';
    await cluster.stop(mode);
    phase = 'down';
    await pause(2500);
    phase = 'starting';
    await cluster.start();
    const restarted = Date.now();
    phase = 'after';
    // Back without a restart of the portal: its own requests succeed again.
    await until(
      () => member.call<{ email: string }>('/api/amsw0101'),
      (r) => r.code === 0,
      'a member read after the start',
    );
    await pause(500);
    await traffic.stop();
    const { answers } = traffic;

    const down = answers.filter((a) => a.phase === 'down' && a.settled);
    // Signed-in reads and writes need the database: each kind answered that it is away.
    for (const name of ['member API', 'member page', 'write'])
      expect(
        down.some((a) => a.name === name && isUnavailable(a)),
        `${name} answered 503 while the database was away`,
      ).toBe(true);
    const problems = [
      ...answers.map((a) => [a, problemAlways(a)] as const),
      ...down.map((a) => [a, problemWhileDown(a)] as const),
    ]
      .filter(([, problem]) => problem)
      .map(([a, problem]) => `${a.phase} ${a.name}: ${problem} (HTTP ${a.status}, ${a.ms} ms) ${a.body.slice(0, 200)}`);
    expect(problems).toEqual([]);
    const before = answers.filter((a) => a.phase === 'before' && a.settled);
    expect(before.length).toBeGreaterThan(0);
    expect(
      before
        .filter((a) => a.status !== 200 || (envelopeOf(a)?.code ?? 0) !== 0)
        .map((a) => `${a.name}: HTTP ${a.status} ${a.body.slice(0, 200)}`),
    ).toEqual([]);

    // The same processes: none fell over and none was replaced.
    expect(server.process.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/a worker stopped|could not start/);
    return restarted;
  }

  /** Everything works again: reads, writes, sign-in, content changes reaching every process, mail, jobs. */
  async function worksAgain(restarted: number) {
    const workplace = `After restart ${Date.now()}`;
    const wrote = await member.call('/api/amsw0101/editWork', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ workplace, department: '', jobTitle: '', education: '' }),
    });
    expect(wrote.code).toBe(0);
    const me = await member.call<{ accountId: number }>('/api/amsw0101');
    const detail = await member.call<{ workplace: string }>(`/api/amsw0101/detail?accountId=${me.data.accountId}`);
    expect(detail.data.workplace).toBe(workplace);
    const again = await signedInOn(server.url, 'member@example.org', 'Member2026demo');
    expect((await again.page('/en-us/member/center')).status).toBe(200);

    // Each process listens for content changes again (counted by the change), and a change made
    // through one empties every process's page cache at once.
    await until(
      () =>
        sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'portal-content-listener'`,
        ),
      (rows) => rows[0]?.n === 2,
      'two content listeners',
    );
    const desk = await signedInOn(server.url, 'admin@example.org', 'Admin2026demo');
    const categories = (await (await fetch(`${server.url}/api/amsw0301/category`)).json()) as {
      data: { articleCategoryList: { articleCategoryId: number }[] };
    };
    await readEverywhere(`${server.url}/news/list`);
    const title = `重新啟動之後 ${Date.now()}`;
    const saved = await desk.post('/api/amsw1101/content/articles/save', {
      categoryId: categories.data.articleCategoryList[0]!.articleCategoryId,
      titleZh: title,
      bodyZh: '<p>內文</p>',
      publish: true,
    });
    expect(saved.code).toBe(0);
    expect((await readEverywhere(`${server.url}/news/list`)).every((html) => html.includes(title))).toBe(true);

    // A mail written after the outage is sent (the outbox worker kept going).
    const email = uniqueEmail('restart');
    const sent = await fetch(`${server.url}/api/amsw0102/email`, {
      method: 'POST',
      ...json(
        { email, purpose: 'signup', ...(await solvedCaptcha({ base: server.url })) },
        { ...visitor(), Origin: server.url },
      ),
    });
    expect(((await sent.json()) as { code: number }).code).toBe(0);
    expect(await mailsTo(email, 1, 15_000)).toHaveLength(1);

    // The job ticker runs again: the every-tick job has run since the start.
    await until(
      () =>
        sql<{ at: Date | null; locked: Date | null }>(
          `SELECT last_run_at AS at, locked_until AS locked FROM scheduled_jobs WHERE name = 'reconcilePayments'`,
        ),
      (rows) => (rows[0]?.at?.getTime() ?? 0) > restarted && rows[0]?.locked === null,
      'the job ticker after the start',
    );
  }

  it('a fast stop: requests meanwhile answer 503 and -997 at once, and the portal works again without a restart', async () => {
    await worksAgain(await outage('fast'));
  }, 120_000);

  it('an immediate stop (as a crash, with recovery at the start): the same', async () => {
    await worksAgain(await outage('immediate'));
  }, 120_000);

  // Last: its log lines are the failed starts the tests above must not see.
  it('a worker that dies while PostgreSQL is away is replaced once it is back; the other answers meanwhile', async () => {
    await cluster.stop('immediate');
    try {
      const [first] = workerPids(server.process.pid!);
      process.kill(first!, 'SIGKILL');
      // Its replacement cannot start without the database: the portal stays up and says it is away.
      await until(
        () => Promise.resolve(server.output()),
        (output) => output.includes('a worker could not start: trying again'),
        'a replacement that could not start',
        // A new worker loads the whole server before it finds the database away: over 20 s once
        // when the three test runs shared the two cores.
        60_000,
      );
      const meanwhile = await fetch(`${server.url}/api/amsw0101`, { headers: member.auth });
      expect(meanwhile.status).toBe(503);
      expect(server.process.exitCode).toBeNull();
    } finally {
      await cluster.start();
    }
    await until(
      () =>
        sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'portal-content-listener'`,
        ),
      (rows) => rows[0]?.n === 2,
      'two serving processes again',
      40_000,
    );
    expect(workerPids(server.process.pid!)).toHaveLength(2);
    expect((await member.call('/api/amsw0101')).code).toBe(0);
  }, 150_000);
});
