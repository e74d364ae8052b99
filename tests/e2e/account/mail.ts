import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * Mails the e2e server wrote to DATA_DIR/outbox (playwright.config.ts exposes the folder as
 * E2E_DATA_DIR). The server's outbox worker writes a file a moment after the request that caused
 * it (mails are delivered in the background), so readers wait for it. Each file is named by its
 * sending time, so names sort oldest first.
 */

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

/** The sending time a file name starts with: 2026-03-05T06-07-08.123Z-….eml */
function sentAt(name: string): number {
  const iso = name.slice(0, 24).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3');
  return Date.parse(iso);
}

function isTo(mail: ParsedMail, address: string): boolean {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.some((list) => list.value.some((a) => a.address?.toLowerCase() === address.toLowerCase()));
}

/**
 * The newest mail to `address` sent at or after `since` (epoch ms; default: any time) whose subject
 * contains `subject` (a demo member may be mailed by the server's jobs meanwhile: a renewal
 * reminder), waiting up to `timeoutMs` for the outbox worker to deliver one.
 */
export async function newestMail(
  address: string,
  { since = 0, timeoutMs = 5000, subject = '' } = {},
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(outboxDir())).filter((n) => n.endsWith('.eml') && !n.startsWith('.'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Newest first. The time in the name is the server's clock, which is this machine's.
    for (const name of names
      .filter((n) => sentAt(n) >= since)
      .sort()
      .reverse()) {
      const mail = await simpleParser(await readFile(path.join(outboxDir(), name)));
      if (isTo(mail, address) && (mail.subject ?? '').includes(subject)) return mail;
    }
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address} about "${subject}" arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The six-digit code of a verification mail. */
export function codeOf(mail: ParsedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match) throw new Error(`No six-digit code in the mail "${mail.subject}"`);
  return match[1]!;
}
