import { describe, expect, inject, it } from 'vitest';
import { taipeiDate } from '../../src/lib/calendar-date';
import { api, json, mailWithSubject, signIn, solvedCaptcha, visitor } from './helpers';
import { importSuite, personId } from './import-helpers';
import { signedInOn } from './own-server';

/**
 * A member brought over from the old system signs in for the first time: imported without a
 * password, invited by `npm run import -- invite`, then through the mailed link on a server
 * started on that data.
 */
const suite = importSuite();
const year = Number(taipeiDate().slice(0, 4));
const EMAIL = `first.${inject('engine')}.${Date.now().toString(36)}@import.example.org`;
const ID = personId(301);
const RESET_LINK = /(https?:\/\/\S+\/password\/reset\?\S+)/;

describe('an imported member’s first sign-in', () => {
  it('imports the member and invites everyone without a password, once', async () => {
    const file = suite.csv('one.csv', [
      ['member number', 'name', 'national ID', 'e-mail', 'class', 'term start', 'term end'],
      ['M1995-0001', '黃志明', ID, EMAIL, 'regular', `${year}-01-01`, `${year}-12-31`],
    ]);
    expect((await suite.run('members', file, '--yes')).stdout).toContain('New 1,');
    // The demo society has a member brought over without a password too (invited@example.org).
    const dry = await suite.run('invite');
    expect(dry.stdout).toContain('Accounts without a password or an open link: 2; with a link still open: 0');
    expect(dry.stdout).toContain('Dry run: 2 invitations would be mailed. Add --yes to send them.');
    const sent = await suite.run('invite', '--yes');
    expect(sent.stdout).toContain('2 “Set your password” mails are in the outbox');
    expect(sent.stdout).toContain('連結 14 天內有效');
    const again = await suite.run('invite', '--yes');
    expect(again.stdout).toContain('Accounts without a password or an open link: 0; with a link still open: 2');
    expect(again.stdout).toContain('No invitation to send.');
  });

  it('signs in through the mailed link, and sees the membership in the member centre', async () => {
    const server = await suite.server();
    const base = server.url;
    try {
      // The invitation waited in the outbox; the server's mail worker sends it.
      const invitation = await mailWithSubject(EMAIL, '設定您的密碼', 15_000);
      expect(invitation.text).toContain('舊系統移入');
      expect(invitation.text).toContain('14 天後失效');
      expect(RESET_LINK.exec(invitation.text)![1]).toContain('first=1');

      // No password signs the account in, and it answers as a wrong password does.
      const none = await signIn(EMAIL, 'Anything2026goes', 'individual', false, { base, from: '10.77.0.1' });
      const wrong = await signIn('member@example.org', 'Wrong2026password', 'individual', false, {
        base,
        from: '10.77.0.2',
      });
      expect(none.body).toEqual(wrong.body);
      expect(none.body.code).not.toBe(0);

      // The sign-in page tells members from the old system how to begin, in both languages.
      const zh = await (await fetch(`${base}/login`)).text();
      expect(zh).toContain('由舊系統移入的會員');
      const en = await (await fetch(`${base}/en-us/login`)).text();
      expect(en).toContain('Members brought over from the old system');

      // Forgotten password mails the same link, worded as a first sign-in; a newer link voids the invitation.
      const asked = await api('/api/amsw0102/email', {
        base,
        method: 'POST',
        ...json({ email: EMAIL, purpose: 'reset', ...(await solvedCaptcha({ base })) }, { ...visitor(), Origin: base }),
      });
      expect(asked.body.code).toBe(0);
      const mail = await mailWithSubject(EMAIL, '設定您的密碼', 10_000, '10 分鐘');
      const link = new URL(RESET_LINK.exec(mail.text)![1]!);
      expect(link.searchParams.get('first')).toBe('1');
      const pageHtml = await (await fetch(`${base}${link.pathname}${link.search}`)).text();
      expect(pageHtml).toContain('設定密碼');
      const oldLink = new URL(RESET_LINK.exec(invitation.text)![1]!);
      const reset = (url: URL, newPassword: string) =>
        api('/api/amsw0101/resetCid', {
          base,
          method: 'PUT',
          ...json({ newPassword }, { EmailAuthorization: url.searchParams.get('token')!, Origin: base }),
        });
      expect((await reset(oldLink, 'Huang2026first')).body.code).toBe(-8);
      expect((await reset(link, 'Huang2026first')).body.code).toBe(0);

      // Signed in (by e-mail or national ID), the member centre shows the imported membership.
      const member = await signedInOn(base, EMAIL, 'Huang2026first');
      const centre = await member.page('/member/center');
      expect(centre.status).toBe(200);
      expect(centre.html).toContain('M1995-0001');
      expect((await signIn(ID, 'Huang2026first', 'individual', false, { base })).body.code).toBe(0);

      // The profile asks for the birth date the old system did not give, once.
      expect((await member.page('/member/edit')).html).toContain('field-birthDate');
      const contact = { mobile: '0912345678', preferredLocale: 'zh-tw' };
      const put = (body: object) =>
        member.call('/api/amsw0101/edit', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Origin: base },
          body: JSON.stringify(body),
        });
      expect((await put({ ...contact, birthDate: '1980-05-06' })).code).toBe(0);
      expect((await put({ ...contact, birthDate: '1999-01-01' })).code).toBe(0);
      const detail = await member.call<{ birthDate: string; accountId: number }>(
        `/api/amsw0101/detail?accountId=${(await member.call<{ accountId: number }>('/api/amsw0101')).data.accountId}`,
      );
      expect(detail.data.birthDate).toBe('1980-05-06');
      expect((await member.page('/member/edit')).html).not.toContain('field-birthDate');

      // Invited no more: the account has a password now (the demo's member brought over keeps
      // the link it was sent open). On the embedded database the command waits for the server
      // to stop (its lock says so); on PostgreSQL it runs beside it.
      const invite = await suite.run('invite');
      if (inject('engine') === 'postgres')
        expect(invite.stdout).toContain('Accounts without a password or an open link: 0; with a link still open: 1');
      else {
        expect(invite.code).toBe(1);
        expect(invite.stderr).toContain('is in use by another process');
      }
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('lets the office find a member who lost the invitation and mail the link again from the console', async () => {
    const email = `second.${inject('engine')}.${Date.now().toString(36)}@import.example.org`;
    const id = personId(302);
    const file = suite.csv('two.csv', [
      ['member number', 'name', 'national ID', 'e-mail', 'class', 'term start', 'term end'],
      ['M1995-0002', '吳淑芬', id, email, 'regular', `${year}-01-01`, `${year}-12-31`],
    ]);
    expect((await suite.run('members', file, '--yes')).stdout).toContain('New 1,');
    const server = await suite.server();
    const base = server.url;
    try {
      const office = await signedInOn(base, 'admin@example.org', 'Admin2026demo');
      const found = await office.call<{ rows: { id: number; awaitingFirstSignIn: boolean; personIdMasked: string }[] }>(
        `/api/amsw1101/people?q=${id}`,
      );
      expect(found.data.rows).toHaveLength(1);
      const [hit] = found.data.rows;
      expect(hit!.awaitingFirstSignIn).toBe(true);
      expect(hit!.personIdMasked).toBe(`${id.slice(0, 3)}*****${id.slice(-2)}`);
      const story = await office.page(`/staff/people/${hit!.id}`);
      expect(story.html).toContain('尚未設定密碼');

      const invite = () => office.post('/api/amsw1101/people/invite', { accountId: hit!.id });
      expect((await invite()).code).toBe(0);
      const first = await mailWithSubject(email, '設定您的密碼', 15_000);
      expect((await invite()).code).toBe(0);
      const deadline = Date.now() + 15_000;
      let second: string | undefined;
      while (!second && Date.now() < deadline) {
        const all = await fetch(`${inject('mailUrl')}/messages?to=${encodeURIComponent(email)}`);
        const texts = ((await all.json()) as { text: string }[]).map((m) => m.text).filter((t) => t !== first.text);
        second = texts.find((t) => RESET_LINK.test(t));
        if (!second) await new Promise((r) => setTimeout(r, 200));
      }
      expect(second).toBeDefined();
      const reset = (text: string) => {
        const url = new URL(RESET_LINK.exec(text)![1]!);
        return api('/api/amsw0101/resetCid', {
          base,
          method: 'PUT',
          ...json(
            { newPassword: 'Wu2026firstsign' },
            { EmailAuthorization: url.searchParams.get('token')!, Origin: base },
          ),
        });
      };
      // The newer link voided the first; it sets the password, and the account is invited no more.
      expect((await reset(first.text)).body.code).toBe(-8);
      expect((await reset(second!)).body.code).toBe(0);
      const again = await invite();
      expect(again.code).toBe(-10);

      // Each mailing is in the person's audit entries, by the office.
      const entries = await office.call<{ audit: { rows: { action: string; actorEmail: string | null }[] } }>(
        `/api/amsw1101/people/story?accountId=${hit!.id}`,
      );
      const invites = entries.data.audit.rows.filter((r) => r.action === 'import.invite');
      expect(invites).toHaveLength(2);
      expect(invites.every((r) => r.actorEmail === 'admin@example.org')).toBe(true);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('invites each member in the language the file gave, and in both languages when it gave none', async () => {
    const tag = `${inject('engine')}.${Date.now().toString(36)}`;
    const [english, latinName, unknown] = ['english', 'latin', 'unknown'].map(
      (n) => `${n}.${tag}@import.example.org`,
    ) as [string, string, string];
    const file = suite.csv('languages.csv', [
      ['member number', 'name', 'English name', 'national ID', 'e-mail', 'language', 'class', 'term start', 'term end'],
      [
        'M1995-0011',
        '陳建宏',
        'Chen Chien-hung',
        personId(311),
        english,
        'English',
        'regular',
        `${year}-01-01`,
        `${year}-12-31`,
      ],
      ['M1995-0012', 'Mary Lin', '', personId(312), latinName, '', 'regular', `${year}-01-01`, `${year}-12-31`],
      ['M1995-0013', '李淑華', 'Lee Shu-hua', personId(313), unknown, '', 'regular', `${year}-01-01`, `${year}-12-31`],
    ]);
    expect((await suite.run('members', file, '--yes')).stdout).toContain('New 3,');
    const refused = suite.csv('klingon.csv', [
      ['member number', 'name', 'national ID', 'e-mail', 'language', 'class', 'term start'],
      ['M1995-0014', '林志明', personId(314), `k.${tag}@import.example.org`, 'Klingon', 'regular', `${year}-01-01`],
    ]);
    expect((await suite.run('members', refused)).stdout).toContain(
      'Line 2 [language]: unknown language “Klingon”: write zh-tw (Chinese) or en-us (English)',
    );
    expect((await suite.run('invite', '--yes')).code).toBe(0);
    const server = await suite.server();
    try {
      for (const address of [english, latinName]) {
        const mail = await mailWithSubject(address, 'Set your password', 15_000);
        expect(mail.text).not.toContain('設定您的密碼');
        expect(RESET_LINK.exec(mail.text)![1]).toContain('/en-us/');
      }
      const both = await mailWithSubject(unknown, '設定您的密碼', 15_000);
      expect(both.subject).toContain('Set your password');
      expect(both.text.indexOf('設定您的密碼')).toBeLessThan(both.text.indexOf('Set your password'));
      expect(both.text).toContain('The link expires in 14 days');
    } finally {
      await server.stop();
    }
  }, 90_000);
});
