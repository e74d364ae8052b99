import { describe, expect, it } from 'vitest';
import { startMailCatcher } from '../setup/mail-catcher';
import { startServer } from '../setup/start-server';
import { solvedCaptcha, uniqueEmail, type Envelope } from './helpers';

// A portal of its own on the embedded database, whatever the project: what is proved is the
// outbox's retry after the mail server refuses, the same on either database, so it runs once.
describe('mail delivery', () => {
  it('answers the visitor at once while the mail server refuses, and delivers the mail on a retry', async () => {
    const catcher = await startMailCatcher({ refuseFirst: 2 });
    const server = await startServer({
      DATA_DIR: 'memory',
      DATABASE_URL: '',
      SMTP_URL: catcher.smtpUrl,
      MAIL_RETRY_SECONDS: '1,1,1',
    });
    try {
      const call = async (path: string, init: RequestInit = {}) =>
        (await (await fetch(`${server.url}${path}`, init)).json()) as Envelope<Record<string, unknown>>;
      const captcha = await solvedCaptcha({ base: server.url });
      const email = uniqueEmail('retry');
      const started = Date.now();
      const sent = await call('/api/amsw0102/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({
          email,
          purpose: 'signup',
          ...captcha,
        }),
      });
      expect(sent.code).toBe(0);
      const mailsTo = async () =>
        (await (await fetch(`${catcher.readerUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as {
          text: string;
        }[];
      // The answer did not wait for the mail: it came while the mail server was still refusing it.
      expect(await mailsTo()).toHaveLength(0);
      const deadline = Date.now() + 60_000;
      let mails = await mailsTo();
      while (mails.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        mails = await mailsTo();
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toMatch(/\b\d{6}\b/);
      expect(await (await fetch(`${catcher.readerUrl}/refused`)).json()).toEqual({ refused: 2 });
      // Two refusals, then the third try one second after the second: not before about two seconds.
      expect(Date.now() - started).toBeGreaterThan(1500);
    } finally {
      await server.stop();
      await catcher.stop();
    }
  });
});
