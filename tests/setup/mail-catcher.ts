import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
}

export interface MailCatcherOptions {
  /** Refuse that many deliveries first (451, try again later), as a failing mail server would. */
  refuseFirst?: number;
  /** Listen on this port (default: a free one). */
  port?: number;
  /**
   * A slow server: the reply to the n-th message (from 1) waits for this promise, once the whole
   * message has arrived. The message counts as received when the reply goes, whether the client
   * still listens or not (as a server that stores a message, then answers).
   */
  delayReply?: (n: number) => Promise<void>;
}

/**
 * A real SMTP server for the tests (the portal sends through SMTP_URL to it), with a small HTTP
 * reader: GET /messages?to=<address> answers the mails received for that address, oldest first;
 * GET /refused answers how many deliveries it refused (`refuseFirst`). `events()` tells what
 * happened in order (`open 1`, `data 1 <Message-ID>`, `reply 1`, `close 1`, by connection).
 */
export async function startMailCatcher({ refuseFirst = 0, port = 0, delayReply }: MailCatcherOptions = {}): Promise<{
  smtpUrl: string;
  readerUrl: string;
  /** The mails received so far, with their Message-IDs, oldest first. */
  received(): (CaughtMail & { messageId: string })[];
  events(): string[];
  stop(): Promise<void>;
}> {
  const mails: (CaughtMail & { messageId: string })[] = [];
  const events: string[] = [];
  let refused = 0;
  let connections = 0;
  let messages = 0;
  const connectionOf = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(session, callback) {
      connections += 1;
      connectionOf.set(session.id, connections);
      events.push(`open ${connections}`);
      callback();
    },
    onClose(session) {
      events.push(`close ${connectionOf.get(session.id)}`);
    },
    onRcptTo(_address, _session, callback) {
      if (refused < refuseFirst) {
        refused += 1;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const connection = connectionOf.get(session.id);
      messages += 1;
      const n = messages;
      simpleParser(stream)
        .then(async (parsed) => {
          events.push(`data ${connection} ${parsed.messageId ?? ''}`);
          await delayReply?.(n);
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              language: String(parsed.headers.get('content-language') ?? ''),
              messageId: parsed.messageId ?? '',
            });
          }
          events.push(`reply ${connection}`);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => {
      smtp.off('error', reject);
      resolve();
    });
  });
  // A sender that goes away mid-conversation (a portal process killed by a fault test) resets its
  // connection: a mail server carries on, and so does this one (an unheard 'error' would end the
  // test run).
  smtp.on('error', () => {});
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const reader: Server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/refused') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ refused }));
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(mails.filter((m) => !to || m.to === to)));
  });
  await new Promise<void>((resolve) => reader.listen(0, '127.0.0.1', resolve));
  const readerPort = (reader.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    readerUrl: `http://127.0.0.1:${readerPort}`,
    received: () => [...mails],
    events: () => [...events],
    async stop() {
      await new Promise<void>((resolve) => reader.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
