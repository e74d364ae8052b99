import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { taipeiDate } from '../../src/lib/calendar-date';
import { freePort } from '../setup/start-server';
import { DEMO_SOCIETY_FILE, runCommand } from './commands';
import { generate } from 'otplib';
import { api, json, mailWithSubject, signIn } from './helpers';
import { personId } from './import-helpers';
import { jobsSite } from './jobs-helpers';
import { signedInOn } from './own-server';

// README "Going live", step by step and in its order, from an empty database to a society with its
// classes, its members brought over, a first reviewer and the members invited; then the portal
// serves them. On the project's engine (an embedded folder, or a PostgreSQL database of its own).
describe('going live, as the README says', () => {
  const site = jobsSite();
  const folder = mkdtempSync(path.join(tmpdir(), 'going-live-'));
  const year = Number(taipeiDate().slice(0, 4));
  const tag = `${inject('engine')}.${Date.now().toString(36)}`;
  const reviewer = { email: `reviewer.${tag}@live.example.org`, id: personId(401) };
  const member = { email: `member.${tag}@live.example.org`, id: personId(402) };
  let env: Record<string, string | undefined>;
  const run = (name: string, ...args: string[]) => {
    const result = runCommand(name, args, env);
    expect(result.stderr, `${name} ${args.join(' ')}`).toBe('');
    expect(result.status, `${name} ${args.join(' ')}: ${result.stdout}`).toBe(0);
    return result.stdout;
  };

  beforeAll(async () => {
    const s = await site;
    const port = await freePort();
    // 1. Configure: no demo, the public address; the files in a folder the server shares.
    Object.assign(s.env, { SEED_DEMO: 'false', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
    if (s.env.DATA_DIR === 'memory') s.env.DATA_DIR = path.join(folder, 'data');
    env = s.env;
  });
  afterAll(async () => {
    await (await site).drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('describes the society, brings the members and their credits over, names a reviewer and invites everyone', () => {
    // 3. Describe the society and check the file; 4. apply it (the plan first).
    expect(run('society', 'check', DEMO_SOCIETY_FILE)).toContain('no problems');
    expect(run('society', 'apply', DEMO_SOCIETY_FILE)).toContain('Nothing was changed: add --yes to apply.');
    expect(run('society', 'apply', DEMO_SOCIETY_FILE, '--yes')).toMatch(/Applied \d+ change\(s\)/);

    // 5. Bring the members over: the report, then --yes; then their credit history.
    const members = path.join(folder, 'old-members.csv');
    writeFileSync(
      members,
      [
        '會員編號,姓名,英文姓名,身分證字號,電子郵件,會員類別,會籍起日,會籍迄日',
        `M2003-0007,陳淑芬,Chen Shu-Fen,${reviewer.id},${reviewer.email},life,2003-03-01,`,
        `M2012-0031,林建宏,Lin Chien-Hung,${member.id},${member.email},regular,${year}-01-01,${year}-12-31`,
        `M2015-0002,王大明,,A12345678,wang@example.org,regular,${year}-01-01,${year}-12-31`,
      ].join('\n'),
    );
    const report = run('import', 'members', members);
    expect(report).toMatch(/New 2,/);
    expect(report).toMatch(/line 4/i);
    const rejects = path.join(folder, 'fix.csv');
    expect(run('import', 'members', members, '--yes', '--rejects', rejects)).toMatch(/New 2,/);
    const credits = path.join(folder, 'old-credits.csv');
    writeFileSync(
      credits,
      [
        'member number,date,title,organiser,category,points',
        `M2012-0031,${year}-03-15,內科年會,臺灣內科醫學會,professional,6`,
        `M2012-0031,${year}-05-20,感染管制實務更新,疾病管制署,quality,1.5`,
      ].join('\n'),
    );
    expect(run('import', 'credits', credits, '--kind', 'licence', '--yes')).toMatch(/New 2,/);

    // 6. Name the first staff: an imported member, the society's first admin (and the office, and a reviewer).
    expect(run('admin', 'grant', reviewer.email, 'admin')).toContain('granted');
    expect(run('admin', 'grant', reviewer.email, 'office')).toContain('granted');
    expect(run('admin', 'grant', reviewer.email, 'reviewer:membership')).toContain('granted');
    // 7. Invite the members to set their passwords.
    expect(run('import', 'invite', '--yes')).toContain('“Set your password” mail');
    // Nine commands, each opening the database: a busy machine takes a while.
  }, 180_000);

  it('serves the society: the reviewer sets a password from the invitation and works the review desk; a member sees the membership', async () => {
    const s = await site;
    // 8. Start.
    await s.start();
    try {
      const base = s.url();
      const home = await (await fetch(`${base}/en-us/`)).text();
      expect(home).toContain('Taiwan Society for Continuing Clinical Education');

      for (const person of [reviewer, member]) {
        const invitation = await mailWithSubject(person.email, '設定您的密碼', 15_000);
        const link = new URL(/(https?:\/\/\S+\/password\/reset\?\S+)/.exec(invitation.text)![1]!);
        expect(link.origin).toBe(env.SITE_URL);
        const set = await api('/api/amsw0101/resetCid', {
          method: 'PUT',
          base,
          ...json(
            { newPassword: 'Society2026live' },
            { EmailAuthorization: link.searchParams.get('token')!, Origin: base },
          ),
        });
        expect(set.body.code).toBe(0);
      }

      const desk = await signedInOn(base, reviewer.email, 'Society2026live');
      const review = await desk.page('/en-us/member/review');
      expect(review.status).toBe(200);
      expect(review.html).toContain('Joining and changes of class');
      expect(review.html).not.toContain('not set up yet');

      // The first admin sets up an authenticator at the first staff page, then runs the console.
      const login = await signIn(reviewer.email, 'Society2026live', 'individual', false, { base });
      expect(login.body.data.secondFactor).toBe('enrol');
      const auth = { Authorization: `Bearer ${login.token}`, 'Content-Type': 'application/json' };
      const staffCall = async <T>(path: string, body?: unknown) =>
        (await (
          await fetch(
            base + path,
            body === undefined ? { headers: auth } : { method: 'POST', headers: auth, body: JSON.stringify(body) },
          )
        ).json()) as { code: number; data: T };
      expect((await staffCall('/api/amsw1101/people')).code).toBe(-11);
      const enrolment = await staffCall<{ secret: string }>('/api/amsw1101/secondFactor/enrol', {});
      expect(enrolment.code).toBe(0);
      const confirmed = await staffCall<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/confirm', {
        code: await generate({ secret: enrolment.data.secret }),
      });
      expect(confirmed.code).toBe(0);
      expect(confirmed.data.recoveryCodes).toHaveLength(10);
      const found = await staffCall<{ rows: { email: string; number: string; status: string }[] }>(
        '/api/amsw1101/people?q=M2012-0031',
      );
      expect(found.data.rows).toEqual([
        expect.objectContaining({ email: member.email, number: 'M2012-0031', status: 'active' }),
      ]);
      const roles = await staffCall<{ email: string }[]>('/api/amsw1101/roles');
      expect(roles.data.map((r) => r.email)).toEqual([reviewer.email]);
      const reports = await fetch(`${base}/en-us/staff/reports/members`, { headers: { Cookie: login.cookie } });
      expect(reports.status).toBe(200);

      const own = await signedInOn(base, member.email, 'Society2026live');
      const centre = await own.page('/en-us/member/center');
      expect(centre.status).toBe(200);
      expect(centre.html).toContain('M2012-0031');
      expect(centre.html).toContain('Regular member');
    } finally {
      await s.stop();
    }
  });
});
