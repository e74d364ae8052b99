import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../logger';
import { createMailer, outboxFileName, type MailMessage } from './mailer';
import { verificationCode } from './templates';

const FROM = '"台灣範例醫學會" <no-reply@example.org>';

function message(to = 'member@example.org'): MailMessage {
  const mail = verificationCode({ siteName: '台灣範例醫學會', code: '123456', validMinutes: 10, locale: 'zh-tw' });
  return { to, ...mail, locale: 'zh-tw' };
}

// --- a small RFC 822 / MIME reader, enough to check what the transports produce ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (B and Q), adjacent words joined before UTF-8 decoding. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/(?:=\?([^?]+)\?([BbQq])\?([^?]*)\?=)+/g, (run) => {
    const bytes: Buffer[] = [];
    for (const [, , encoding, data] of run.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
      if (encoding?.toUpperCase() === 'B') bytes.push(Buffer.from(data ?? '', 'base64'));
      else bytes.push(qpBytes((data ?? '').replace(/_/g, ' ')));
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}

function qpBytes(value: string): Buffer {
  const out: number[] = [];
  const input = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    const hex = input.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(c ?? '', 'utf8'));
    }
  }
  return Buffer.from(out);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return qpBytes(part.body).toString('utf8');
  return part.body;
}

function alternatives(raw: string): { top: Part; parts: Map<string, string> } {
  const top = parsePart(raw);
  const type = top.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  expect(type).toMatch(/^multipart\/alternative/);
  expect(boundary).toBeTruthy();
  const parts = new Map<string, string>();
  for (const chunk of top.body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = parsePart(chunk.replace(/^\n/, ''));
    const partType = (part.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    parts.set(partType, decodeBody(part));
  }
  return { top, parts };
}

// --- tests ---

describe('outbox mailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mail-outbox-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each mail as a parseable .eml file, and logs who and what but never the body', async () => {
    const info = vi.spyOn(logger(), 'info').mockImplementation(() => undefined);
    const outbox = path.join(dir, 'outbox'); // created on first use
    const mailer = createMailer({ from: FROM, outboxDir: outbox });
    expect(mailer.transport).toBe('outbox');

    const sent = await mailer.send(message());
    await mailer.send(message('second@example.org'));

    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{12}\.eml$/);

    const raw = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toContain('\r\n');
    const { top, parts } = alternatives(raw);
    expect(top.headers.get('to')).toBe('member@example.org');
    expect(top.headers.get('subject')).toMatch(/=\?UTF-8\?/i);
    expect(decodeWords(top.headers.get('subject') ?? '')).toBe('【台灣範例醫學會】電子郵件驗證碼');
    expect(decodeWords(top.headers.get('from') ?? '')).toContain('台灣範例醫學會');
    expect(top.headers.get('message-id')).toBe(sent.messageId);
    expect(top.headers.get('content-language')).toBe('zh-Hant-TW');
    expect(parts.get('text/plain')).toContain('您的驗證碼為 123456，請於 10 分鐘內輸入。');
    expect(parts.get('text/html')).toContain('<html lang="zh-Hant-TW">');

    const logged = info.mock.calls.map((call) => JSON.stringify(call));
    expect(logged).toHaveLength(2);
    expect(info.mock.calls[0]?.[0]).toMatchObject({
      transport: 'outbox',
      to: 'member@example.org',
      subject: '【台灣範例醫學會】電子郵件驗證碼',
    });
    for (const line of logged) expect(line).not.toContain('123456');
    await mailer.close();
  });

  it('keeps mails in memory when there is no outbox folder', async () => {
    vi.spyOn(logger(), 'info').mockImplementation(() => undefined);
    const mailer = createMailer({ from: FROM, outboxDir: null });
    expect(mailer.transport).toBe('memory');
    expect(mailer.readOutbox()).toEqual([]);
    const before = Date.now();
    const { messageId } = await mailer.send(message());
    await mailer.send({ ...message('other@example.org'), subject: 'Second', locale: 'en-us' });

    const kept = mailer.readOutbox();
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatchObject({
      messageId,
      to: 'member@example.org',
      subject: '【台灣範例醫學會】電子郵件驗證碼',
      locale: 'zh-tw',
    });
    expect(kept[0]?.text).toContain('123456');
    expect(kept[0]?.html).toContain('123456');
    expect(kept[0]?.date.getTime()).toBeGreaterThanOrEqual(before);
    expect(kept[1]).toMatchObject({ to: 'other@example.org', subject: 'Second' });
    // A copy: the caller cannot change what the outbox holds.
    kept.pop();
    expect(mailer.readOutbox()).toHaveLength(2);
    await mailer.close();
  });

  it('refuses a list of recipients', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const mailer = createMailer({ from: FROM });
    await expect(mailer.send(message('a@example.org, b@example.org'))).rejects.toThrow();
    expect(mailer.readOutbox()).toEqual([]);
  });

  it('names files so that they sort by time', () => {
    const a = outboxFileName(new Date('2026-01-02T03:04:05.006Z'));
    const b = outboxFileName(new Date('2026-01-02T03:04:05.007Z'));
    expect(a.startsWith('2026-01-02T03-04-05.006Z-')).toBe(true);
    expect([b, a].sort()).toEqual([a, b]);
  });
});

describe('SMTP mailer', () => {
  it('delivers to an SMTP server: recipient, subject, text and HTML parts', async () => {
    vi.spyOn(logger(), 'info').mockImplementation(() => undefined);
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, outboxDir: '/nonexistent' });
    try {
      expect(mailer.transport).toBe('smtp');
      const { messageId } = await mailer.send(message());
      expect(messageId).toMatch(/^<.+@.+>$/);
      expect(received).toHaveLength(1);
      const [mail] = received;
      expect(mail?.from).toBe('no-reply@example.org');
      expect(mail?.to).toEqual(['member@example.org']);
      const raw = mail?.raw ?? '';
      expect(raw).toContain('member@example.org');
      const { top, parts } = alternatives(raw);
      expect(top.headers.get('to')).toBe('member@example.org');
      expect(decodeWords(top.headers.get('subject') ?? '')).toBe('【台灣範例醫學會】電子郵件驗證碼');
      expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      expect(parts.get('text/plain')).toContain('123456');
      expect(parts.get('text/html')).toContain('123456');
      expect(mailer.readOutbox()).toEqual([]);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      vi.restoreAllMocks();
    }
  });

  it('rejects when the server refuses the recipient', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    try {
      await expect(mailer.send(message('nobody@example.org'))).rejects.toThrow(/No such user/);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      vi.restoreAllMocks();
    }
  });
});
