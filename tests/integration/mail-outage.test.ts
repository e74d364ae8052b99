import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import { freshDatabase } from '../setup/fresh-database';
import { startMailCatcher } from '../setup/mail-catcher';
import { freePort, type RunningServer, startServer } from '../setup/start-server';
import { type Envelope, solvedCaptcha, uniqueEmail } from './helpers';

/**
 * Mail when the mail server is down or slow (integrations/mail/outbox.ts): the visitor's action
 * answers without waiting for SMTP, the mail waits in the outbox (its attempts counted) and goes
 * once the server answers, and a slow server does not get a second copy from a retry while the
 * first send is still under way. What is promised is at-least-once: a server that takes a message
 * but answers only after the portal gave up on it (its socket timeout) gets it again on the retry,
 * with the same Message-ID.
 */

/** A portal of its own on the project's engine, its data (and embedded database) in a folder of its own. */
async function portal(env: Record<string, string>) {
  const database = inject('engine') === 'postgres' ? await freshDatabase() : null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-mail-'));
  let server: RunningServer | null = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    WORKERS: '1',
    ...env,
  });
  const running = () => {
    if (!server) throw new Error('the server is not running');
    return server;
  };
  return {
    url: () => running().url,
    output: () => running().output(),
    /** The outbox's rows, read with the server stopped (the embedded database is one process's). */
    async outbox() {
      await server?.stop();
      server = null;
      const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
      try {
        return await opened.db.select().from(mailOutbox);
      } finally {
        await opened.close();
      }
    },
    async drop() {
      await server?.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks for a sign-up code for a new address (a mail), and answers the envelope and the address. */
async function askForCode(base: string) {
  const email = uniqueEmail('outage');
  const response = await fetch(`${base}/api/amsw0102/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, purpose: 'signup', ...(await solvedCaptcha({ base })) }),
  });
  return { email, body: (await response.json()) as Envelope };
}

async function until<T>(what: string, read: () => T | undefined | false, waitMs = 15_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test resolves when it chooses. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The outbox's "mail retried later" log lines (JSON), as an operator reads them. */
function retries(output: string): { mailId: number; attempts: number }[] {
  return output
    .split('\n')
    .filter((line) => line.includes('mail retried later'))
    .map((line) => JSON.parse(line) as { mailId: number; attempts: number });
}

// One portal for the whole file (starting one is the slow part). Its mail server is down at first:
// nothing listens on its port; then a catcher starts there, answering some messages slowly.
describe('mail when the mail server is down or slow', () => {
  let port: number;
  let site: Awaited<ReturnType<typeof portal>>;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>> | null = null;
  const slow = gate();
  const late = gate();
  const to = (email: string) => catcher!.received().filter((m) => m.to === email);
  const dataEvents = () => catcher!.events().filter((e) => e.startsWith('data '));
  const sentTo: Record<'down' | 'slow' | 'late', string> = { down: '', slow: '', late: '' };

  beforeAll(async () => {
    port = await freePort();
    // Retries after a second; the portal gives up on a silent server after three.
    site = await portal({
      SMTP_URL: `smtp://127.0.0.1:${port}?socketTimeout=3000`,
      MAIL_RETRY_SECONDS: Array.from({ length: 30 }, () => '1').join(','),
    });
  });
  afterAll(async () => {
    slow.open();
    late.open();
    await site?.drop();
    await catcher?.stop();
  });

  it('answers at once while no mail server listens, keeps the mail pending with its attempts counted, and sends it once one does', async () => {
    const { email, body } = await askForCode(site.url());
    sentTo.down = email;
    expect(body.code).toBe(0);
    // The worker tried, found nobody listening, and will try again: the same mail, attempt after attempt.
    const failed = await until(
      'two failed attempts',
      () => retries(site.output()).length >= 2 && retries(site.output()),
    );
    expect(new Set(failed.map((r) => r.mailId)).size).toBe(1);
    expect(failed.map((r) => r.attempts).slice(0, 2)).toEqual([1, 2]);
    expect(site.output()).toMatch(/ECONNREFUSED/);

    catcher = await startMailCatcher({
      port,
      // The first two messages after the first: one slow, one answered only after the portal gave up.
      delayReply: (n) => (n === 2 ? slow.opened : n === 3 ? late.opened : Promise.resolve()),
    });
    const [mail] = await until('the mail', () => to(email).length > 0 && to(email));
    expect(mail!.text).toMatch(/\b\d{6}\b/);
    await pause(1500); // a second copy would have come by now
    expect(to(email)).toHaveLength(1);
  });

  it('answers before a slow mail server takes the mail, and sends it once while the send is under way', async () => {
    const { email, body } = await askForCode(site.url());
    sentTo.slow = email;
    expect(body.code).toBe(0);
    // The visitor has the answer while the server still holds the mail unanswered.
    expect(to(email)).toEqual([]);
    await until('the mail to arrive at the slow server', () => dataEvents().length === 2);
    await pause(1500); // longer than the retry delay, shorter than the portal's patience
    expect(to(email)).toEqual([]);
    slow.open();
    const [delivered] = await until('the slow server to take the mail', () => to(email).length > 0 && to(email));
    await pause(1500);
    expect(to(email)).toHaveLength(1);
    expect(dataEvents()).toHaveLength(2);
    expect(delivered!.messageId).toMatch(/^<outbox\.\d+\.\d+@localhost>$/);
  });

  it('sends the same message again (one Message-ID) to a server that answers after the portal gave up, only once the first connection is closed', async () => {
    const { email, body } = await askForCode(site.url());
    sentTo.late = email;
    expect(body.code).toBe(0);
    await until('the retry to arrive', () => dataEvents().length === 4, 20_000);
    late.open();
    const copies = await until('both copies', () => to(email).length === 2 && to(email));
    expect(new Set(copies.map((m) => m.messageId)).size).toBe(1);
    const events = catcher!.events();
    const [, gaveUpOn] = /^data (\d+) /.exec(dataEvents()[2]!)!;
    const [, retriedOn] = /^data (\d+) /.exec(dataEvents()[3]!)!;
    expect(retriedOn).not.toBe(gaveUpOn);
    expect(events.indexOf(`close ${gaveUpOn}`)).toBeGreaterThan(-1);
    expect(events.indexOf(`close ${gaveUpOn}`)).toBeLessThan(events.indexOf(dataEvents()[3]!));
  });

  it('records each mail as sent, with the attempts it took', async () => {
    const rows = await site.outbox();
    const row = (email: string) => rows.find((r) => r.to === email);
    expect(row(sentTo.down)).toMatchObject({ status: 'sent', lastError: null, text: '', kind: 'signupCode' });
    expect(row(sentTo.down)!.attempts).toBeGreaterThanOrEqual(3);
    expect(row(sentTo.slow)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row(sentTo.late)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
