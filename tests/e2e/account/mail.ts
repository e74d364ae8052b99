import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/**
 * The mails the e2e server sent: it writes each as an .eml file to DATA_DIR/outbox, and
 * playwright.config.ts hands that DATA_DIR to the tests as E2E_DATA_DIR.
 */

function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  return path.join(dir, 'outbox');
}

function recipients(mail: ParsedMail): string[] {
  const to: AddressObject[] = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return to.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));
}

/** The outbox's files, newest first (their names start with the time they were written). */
async function mailFiles(): Promise<string[]> {
  try {
    const names = await readdir(outboxDir());
    // Files being written are dot-files until renamed.
    return names.filter((n) => n.endsWith('.eml') && !n.startsWith('.')).sort((a, b) => b.localeCompare(a));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The newest mail to `address`, waiting up to `timeoutMs` for one to arrive. With `after`, only
 * a mail written later than that counts (e.g. the second code after a resend).
 */
export async function newestMailTo(
  address: string,
  { timeoutMs = 5000, after }: { timeoutMs?: number; after?: ParsedMail } = {},
): Promise<ParsedMail> {
  const wanted = address.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  for (;;) {
    for (const name of await mailFiles()) {
      if (seen.has(name)) continue;
      seen.add(name);
      const mail = await simpleParser(await readFile(path.join(outboxDir(), name)));
      if (!recipients(mail).includes(wanted)) continue;
      if (after && mail.messageId === after.messageId) break;
      return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The six-digit code of a verification mail. */
export function codeOf(mail: ParsedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match) throw new Error(`No six-digit code in the mail "${mail.subject}"`);
  return match[1]!;
}
