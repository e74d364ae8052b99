import { inject } from 'vitest';
import { type Envelope, signIn } from './helpers';
import { freshDatabase } from '../setup/fresh-database';
import { startServer } from '../setup/start-server';

/**
 * A server with a demo society of its own, on the project's engine (a database of its own on
 * PostgreSQL), for tests that change the demo's members (a renewal in grace) where the shared
 * server's other tests read them. Mail goes to the project's catcher.
 */
export async function startOwnServer(env: Record<string, string> = {}) {
  const database = inject('engine') === 'postgres' ? await freshDatabase() : null;
  const server = await startServer({
    DATA_DIR: 'memory',
    DATABASE_URL: database?.url,
    SMTP_URL: inject('smtpUrl'),
    TRUST_PROXY: 'loopback',
    WORKERS: '1',
    JOB_TICK_SECONDS: '1',
    ...env,
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}

/** A signed-in individual on `base`: API calls with the bearer token, pages with the session cookie. */
export async function signedInOn(base: string, email: string, password: string) {
  const session = await signIn(email, password, 'individual', false, { base });
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
  return { auth, call, post, page };
}
