import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import { startServer } from '../setup/start-server';
import { runCommand } from './commands';
import { mailsTo } from './helpers';
import { PDF } from './membership-helpers';
import { signedInOn } from './own-server';
import { pdfText } from './pdf-helpers';

const MEMBER = ['member@example.org', 'Member2026demo'] as const;
const RECEIPT_NO = /R\d{4}-\d{6}/g;

export interface MemberHoldings {
  fileId: number;
  bytes: Uint8Array<ArrayBuffer>;
  orderId: number;
  receiptNo: string;
  receiptNos: string[];
}

/**
 * What the demo member holds on `base`, partly made now while it runs: a document uploaded, and
 * the receipt of a paid order downloaded (its first download issues its number).
 */
export async function memberHoldings(base: string): Promise<MemberHoldings> {
  const member = await signedInOn(base, ...MEMBER);
  const bytes = new Uint8Array([...PDF, ...new TextEncoder().encode(`% ${randomBytes(24).toString('hex')}\n`)]);
  const form = new FormData();
  form.set('purpose', 'applicationDocument');
  form.set('file', new File([bytes], 'licence.pdf'));
  const stored = await member.call<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', body: form });
  expect(stored.code).toBe(0);
  const before = await member.page('/en-us/member/payment');
  const orderId = Number(/receipt\?orderId=(\d+)/.exec(before.html)?.[1]);
  expect(orderId).toBeGreaterThan(0);
  const receipt = await fetch(`${base}/api/amsw0501/receipt?orderId=${orderId}&lang=en-us`, { headers: member.auth });
  expect(receipt.headers.get('content-type')).toBe('application/pdf');
  const receiptNo = pdfText(new Uint8Array(await receipt.arrayBuffer())).match(RECEIPT_NO)![0];
  const after = await member.page('/en-us/member/payment');
  const receiptNos = [...new Set(after.html.match(RECEIPT_NO))];
  expect(receiptNos).toContain(receiptNo);
  return { fileId: stored.data.fileId, bytes, orderId, receiptNo, receiptNos };
}

/** The demo member signs in on `base` and finds what they held: receipts listed and downloading, the document's bytes. */
export async function expectMemberHoldings(base: string, held: MemberHoldings): Promise<void> {
  const member = await signedInOn(base, ...MEMBER);
  const page = await member.page('/en-us/member/payment');
  expect(page.status).toBe(200);
  expect([...new Set(page.html.match(RECEIPT_NO))].sort()).toEqual([...held.receiptNos].sort());
  const receipt = await fetch(`${base}/api/amsw0501/receipt?orderId=${held.orderId}&lang=en-us`, {
    headers: member.auth,
  });
  expect(receipt.headers.get('content-type')).toBe('application/pdf');
  expect(pdfText(new Uint8Array(await receipt.arrayBuffer()))).toContain(held.receiptNo);
  const file = await fetch(`${base}/api/amsw1001/file?fileId=${held.fileId}`, { headers: member.auth });
  expect(file.status).toBe(200);
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(held.bytes);
}

/**
 * A restored portal mails nothing until it is released (docs/decisions/025): a mail waiting in its
 * outbox (as one waiting at backup time) is not sent when it starts, its start says the mail is
 * held, and `npm run mail -- release` lets it go (on PostgreSQL beside the running server, on the
 * embedded database with the server stopped). `check` runs on the restored portal meanwhile.
 */
export async function expectMailHeldUntilReleased(
  env: { DATA_DIR: string; DATABASE_URL?: string | undefined },
  check: (base: string) => Promise<void>,
): Promise<void> {
  const to = `restored.${randomBytes(4).toString('hex')}@example.org`;
  const opened = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    await opened.db.insert(mailOutbox).values({
      to,
      subject: 'Waiting at backup time',
      text: 'Set your password',
      html: '<p>Set your password</p>',
      locale: 'en-us',
      kind: 'firstSignIn',
      eraseAfter: new Date(Date.now() + 86_400_000),
    });
  } finally {
    await opened.close();
  }
  const serverEnv = { ...env, SMTP_URL: inject('smtpUrl') };
  let server = await startServer(serverEnv);
  try {
    await check(server.url);
    expect(server.output()).toMatch(/Mail is held \(since [^)]*, by a restore of [^)]+\.tar\.gz\)/);
    expect(await mailsTo(to, 1, 5000)).toHaveLength(0);
    if (!env.DATABASE_URL) await server.stop();
    const status = runCommand('mail', ['status'], env);
    expect(status.stdout).toMatch(/Mail is held \(since .*, by a restore of /);
    expect(status.stdout).toMatch(/Mails waiting in the outbox: [1-9]/);
    const release = runCommand('mail', ['release'], env);
    expect([release.status, release.stderr]).toEqual([0, '']);
    expect(release.stdout).toContain('Mail is being sent.');
    if (!env.DATABASE_URL) server = await startServer(serverEnv);
    // A serving process on PostgreSQL finds the waiting mail at its worker's next look (10 s).
    expect(await mailsTo(to, 1, 20_000)).toHaveLength(1);
  } finally {
    await server.stop();
  }
}
