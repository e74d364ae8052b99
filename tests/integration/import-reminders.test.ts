import { describe, expect, inject, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import { startServer } from '../setup/start-server';
import { api, json, mailWithSubject } from './helpers';
import { importSuite, personId } from './import-helpers';
import { settledMails } from './jobs-helpers';

/**
 * Members brought over from an old system whose terms end soon (or ended, in grace) are not
 * reminded to renew before they can sign in: the reminders wait for their first sign-in, or for
 * their invitation to be 14 days old (docs/decisions/034).
 */
const suite = importSuite();
const day = (offset: number) => addDays(taipeiDate(), offset);
const tag = `${inject('engine')}.${Date.now().toString(36)}`;
const ENDING = `ending.${tag}@import.example.org`;
const GRACE = `grace.${tag}@import.example.org`;
const SIGNS_IN = `signs-in.${tag}@import.example.org`;
const RESET_LINK = /(https?:\/\/\S+\/password\/reset\?\S+)/;

/** A start of the server on the suite's data with every job due at its first tick. */
async function runJobsOnce<T>(work: (base: string) => Promise<T>): Promise<T> {
  await suite.query('DELETE FROM scheduled_jobs');
  const server = await startServer({
    ...suite.env,
    SMTP_URL: inject('smtpUrl'),
    TRUST_PROXY: 'loopback',
    WORKERS: '1',
    JOB_TICK_SECONDS: '1',
  });
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

describe('renewal reminders after an import', () => {
  it(
    'waits for the first sign-in or an invitation 14 days old, and the import says so',
    { timeout: 180_000 },
    async () => {
      const file = suite.csv('ending.csv', [
        ['member number', 'name', 'national ID', 'e-mail', 'class', 'term start', 'term end'],
        ['M2001-0001', '林美玲', personId(401), ENDING, 'regular', day(-358), day(7)],
        ['M2001-0002', '張家豪', personId(402), GRACE, 'regular', day(-378), day(-14)],
        ['M2001-0003', '王雅婷', personId(403), SIGNS_IN, 'regular', day(-358), day(7)],
      ]);
      const imported = await suite.run('members', file, '--yes');
      expect(imported.stdout).toContain('New 3,');
      // The demo society's own members are due theirs too: the imported three wait for an invitation,
      // and so does the demo's member brought over without a password (invited@example.org).
      expect(imported.stdout).toMatch(/Renewal reminders due: \d+/);
      expect(imported.stdout).toContain('  4 wait for an invitation: after npm run import -- invite --yes');
      expect(imported.stdout).toContain('  4 封等待邀請');

      expect((await suite.run('invite', '--yes')).stdout).toContain('4 “Set your password” mails are in the outbox');
      // The report again (a dry run of the same file): the reminders wait for the invitations' age.
      const after = await suite.run('members', file);
      expect(after.stdout).toContain(
        `4 wait for the member's first sign-in, or 14 days after their invitation (the first on ${day(14)})`,
      );

      // The first start: the invitations go, no reminder, no grace notice.
      await runJobsOnce(async (base) => {
        const invitation = await mailWithSubject(SIGNS_IN, '設定您的密碼', 15_000);
        for (const address of [ENDING, GRACE, SIGNS_IN]) {
          const mails = await settledMails(address, 1);
          expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('設定您的密碼')]);
        }
        // One member signs in for the first time: sets a password through the invitation's link.
        const link = new URL(RESET_LINK.exec(invitation.text)![1]!);
        const set = await api('/api/amsw0101/resetCid', {
          base,
          method: 'PUT',
          ...json(
            { newPassword: 'Wang2026first' },
            { EmailAuthorization: link.searchParams.get('token')!, Origin: base },
          ),
        });
        expect(set.body.code).toBe(0);
      });

      // Fourteen days later for one invitation; the other member has not signed in, invited lately.
      await suite.query(
        `UPDATE email_challenges SET created_at = now() - interval '15 days' WHERE email = '${ENDING}'`,
      );
      await runJobsOnce(async () => {
        // The invitation, the password's notice, and now the reminder.
        const signedIn = await settledMails(SIGNS_IN, 3);
        expect(signedIn.map((m) => m.subject)).toEqual([
          expect.stringContaining('設定您的密碼'),
          expect.stringContaining('密碼變更通知'),
          expect.stringContaining('會籍即將到期'),
        ]);
        const ending = await settledMails(ENDING, 2);
        expect(ending[1]!.subject).toContain('會籍即將到期');
        expect(ending[1]!.text).toContain(day(7));
        expect(await settledMails(GRACE, 1)).toHaveLength(1);
      });
    },
  );
});
