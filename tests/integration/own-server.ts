import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type Envelope, signIn } from './helpers';
import { PDF } from './membership-helpers';
import { hiddenFields, simulatorPage } from './simulator-helpers';
import { freshDatabase } from '../setup/fresh-database';
import { startServer } from '../setup/start-server';
import { runCommand } from './commands';

/**
 * A server with a demo society of its own, on the project's engine (a database of its own on
 * PostgreSQL), for tests that change the demo's members (a renewal in grace) where the shared
 * server's other tests read them. Mail goes to the project's catcher. `settings` are set with
 * `npm run settings`, and a `society` file applied with `npm run society -- apply FILE --yes`, before
 * the server starts (on the embedded database in a folder of its own).
 */
export async function startOwnServer(
  env: Record<string, string> = {},
  settings: Record<string, string> = {},
  society?: string,
) {
  const database = inject('engine') === 'postgres' ? await freshDatabase() : null;
  const commands = Object.keys(settings).length > 0 || society !== undefined;
  const dataDir = commands && !database ? mkdtempSync(path.join(os.tmpdir(), 'portal-own-')) : null;
  const serverEnv = {
    DATA_DIR: dataDir ?? 'memory',
    DATABASE_URL: database?.url,
    SMTP_URL: inject('smtpUrl'),
    TRUST_PROXY: 'loopback',
    WORKERS: '1',
    JOB_TICK_SECONDS: '1',
    // The commands and the server seed and read the demo with one key.
    ...(commands ? { SECRET_KEY: inject('secretKey') } : {}),
    ...env,
  };
  for (const [key, value] of Object.entries(settings)) {
    const run = runCommand('settings', ['set', key, value], serverEnv);
    if (run.status !== 0) throw new Error(`settings ${key}: ${run.stderr}`);
  }
  if (society !== undefined) {
    const run = runCommand('society', ['apply', society, '--yes'], serverEnv);
    if (run.status !== 0) throw new Error(`society apply: ${run.stderr}`);
  }
  const server = await startServer(serverEnv);
  return {
    url: server.url,
    /** What the server wrote (its request log with LOG_LEVEL=info). */
    output: server.output,
    /** A page of this server as its mails link to it (several servers of a run mail the same demo members). */
    mailed: (page: string) => `:${new URL(server.url).port}${page}`,
    async stop() {
      await server.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in individual (or organisation) on `base`: API calls with the bearer token, pages with the session cookie. */
export async function signedInOn(
  base: string,
  email: string,
  password: string,
  userType: 'individual' | 'organ' = 'individual',
  options: { secondFactor?: boolean } = {},
) {
  return signedInWith(base, await signIn(email, password, userType, false, { base, ...options }));
}

/** A session already signed in on `base` (its token and cookie): API calls and pages, as `signedInOn`. */
export function signedInWith(base: string, session: { token: string; cookie: string }) {
  const auth = { Authorization: `Bearer ${session.token}` };
  const call = async <T>(path: string, init: RequestInit = {}) =>
    (await (
      await fetch(base + path, { ...init, headers: { ...auth, ...(init.headers as object) } })
    ).json()) as Envelope<T>;
  const post = <T>(path: string, body: unknown) =>
    call<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const page = async (path: string) => {
    const res = await fetch(base + path, { headers: { Cookie: session.cookie }, redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  return { auth, cookie: session.cookie, call, post, page };
}

type SignedIn = Awaited<ReturnType<typeof signedInOn>>;

/** Who reviews each queue in the demo. */
const DEMO_REVIEWERS = {
  membership: ['reviewer@example.org', 'Reviewer2026demo'],
  memberStatus: ['status-reviewer@example.org', 'Status2026demo'],
  credit: ['reviewer@example.org', 'Reviewer2026demo'],
  contiEdu: ['status-reviewer@example.org', 'Status2026demo'],
} as const;

/**
 * A test file's own server (`startOwnServer`, started before its tests and stopped after them)
 * with the steps its tests share: signing in, uploading a document, a demo reviewer's decision and
 * a card payment in the gateway simulator.
 */
export function ownServerSuite(
  env: Record<string, string> = {},
  settings: Record<string, string> = {},
  society?: string,
) {
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  beforeAll(async () => {
    server = await startOwnServer(env, settings, society);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const as = (email: string, password: string, userType: 'individual' | 'organ' = 'individual') =>
    signedInOn(server.url, email, password, userType);
  return {
    get server() {
      return server;
    },
    as,
    /** An application document uploaded by `member`: its file id. */
    async upload(member: SignedIn, name = 'licence.pdf') {
      const form = new FormData();
      form.set('purpose', 'applicationDocument');
      form.set('file', new File([PDF], name));
      const stored = await member.call<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', body: form });
      expect(stored.code).toBe(0);
      return stored.data.fileId;
    },
    /** The queue's demo reviewer declares no conflict and decides the application (a return with a comment; `extra`: what a credit or course approval grants). */
    async decide(
      queue: keyof typeof DEMO_REVIEWERS,
      applicationId: number,
      decision: 'approve' | 'return' | 'reject' = 'approve',
      extra: { points?: number; sessionPoints?: number[]; courseCode?: string; score?: number; comment?: string } = {},
    ) {
      const [email, password] = DEMO_REVIEWERS[queue];
      const reviewer = await as(email, password);
      const items = await reviewer.call<{ itemList: { reviewId: number; subjectId: number }[] }>(
        `/api/amsw0601/items?queue=${queue}`,
      );
      const item = items.data.itemList.find((i) => i.subjectId === applicationId)!;
      await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' });
      const decided = await reviewer.post('/api/amsw0601/decide', {
        reviewId: item.reviewId,
        decision,
        ...(decision === 'approve' ? {} : { comment: 'Please give a reason.' }),
        ...extra,
      });
      expect(decided.code).toBe(0);
    },
    /** `member` pays the order by card in the gateway simulator (its notify and return arrive). */
    async payByCard(member: SignedIn, orderId: number) {
      const form = await member.post<{ fields: Record<string, string> }>('/api/amsw0501/pay', { orderId });
      const { merchantOrderNo } = hiddenFields((await simulatorPage(form.data.fields, server.url)).html);
      await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'card' }, server.url);
    },
  };
}
