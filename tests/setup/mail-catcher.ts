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

/**
 * A real SMTP server for the tests (the portal sends through SMTP_URL to it), with a small HTTP
 * reader: GET /messages?to=<address> answers the mails received for that address, oldest first.
 * `refuseFirst` makes it refuse that many deliveries first (451, try again later), as a failing
 * mail server would; GET /refused answers how many it refused.
 */
export async function startMailCatcher({ refuseFirst = 0 } = {}): Promise<{
  smtpUrl: string;
  readerUrl: string;
  stop(): Promise<void>;
}> {
  const mails: CaughtMail[] = [];
  let refused = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refused < refuseFirst) {
        refused += 1;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              language: String(parsed.headers.get('content-language') ?? ''),
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
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
    async stop() {
      await new Promise<void>((resolve) => reader.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
