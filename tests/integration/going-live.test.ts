import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import { reviewAssignments, scheduledJobs } from '../../src/server/db/schema';
import { freePort } from '../setup/start-server';
import { DEMO_SOCIETY_FILE, runCommand } from './commands';
import { api, type Envelope, json, mailsTo, mailWithSubject, signUpIndividual } from './helpers';
import { consoleImport, personId, settledImport } from './import-helpers';
import { jobsSite } from './jobs-helpers';
import { bearer, joinApplication, joinStudent } from './membership-helpers';
import { signedInOn } from './own-server';
import { softwarePasskey } from './passkey-authenticator';
import { correctionOf } from './people-helpers';

// README "Going live", step by step and in its order, from an empty database to a society with its
// classes, its members brought over, a first reviewer and the members invited; then the portal
// serves them, and the staff console runs every desk on the live database (society, imports,
// people, roles, content, money, passkeys, queues), mailing links on SITE_URL only. On the
// project's engine (an embedded folder, or a PostgreSQL database of its own); one server, kept
// running from the start on.
type Staff = Awaited<ReturnType<typeof signedInOn>> & { codes: string[] };

describe('going live, as the README says', () => {
  const site = jobsSite();
  const folder = mkdtempSync(path.join(tmpdir(), 'going-live-'));
  const year = Number(taipeiDate().slice(0, 4));
  const tag = `${inject('engine')}.${Date.now().toString(36)}`;
  const reviewer = { email: `reviewer.${tag}@live.example.org`, id: personId(401) };
  const member = { email: `member.${tag}@live.example.org`, id: personId(402) };
  // Brought in by the console's import: a clerk the admin makes editor, finance and reviewer; a
  // member who had signed up on the site before.
  const clerk = { email: `clerk.${tag}@live.example.org`, id: personId(403), accountId: 0 };
  const twin = { email: `twin.${tag}@live.example.org`, id: personId(404) };
  const PASSWORD = 'Society2026live';
  let env: Record<string, string | undefined>;
  let base = '';
  let admin: Staff;
  let editor: Staff;
  /** The staff pages of what the journey made, for the sweep at its end. */
  const pages: string[] = [];
  const run = (name: string, ...args: string[]) => {
    const result = runCommand(name, args, env);
    expect(result.stderr, `${name} ${args.join(' ')}`).toBe('');
    expect(result.status, `${name} ${args.join(' ')}: ${result.stdout}`).toBe(0);
    return result.stdout;
  };
  /** Whether a link is on the public address. */
  const onSite = (link: string) => link === env.SITE_URL || link.startsWith(`${env.SITE_URL}/`);
  const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);

  /** The person sets a password from the last “set your password” mail, whose link is on SITE_URL. */
  async function passwordFromInvitation(email: string) {
    const invitation = await mailWithSubject(email, '設定您的密碼', 15_000);
    const link = new URL(/(https?:\/\/\S+\/password\/reset\?\S+)/.exec(invitation.text)![1]!);
    expect(link.origin).toBe(env.SITE_URL);
    const set = await api('/api/amsw0101/resetCid', {
      method: 'PUT',
      base,
      ...json({ newPassword: PASSWORD }, { EmailAuthorization: link.searchParams.get('token')!, Origin: base }),
    });
    expect(set.body.code).toBe(0);
  }

  /**
   * A new staff member signs in, is sent to set up an authenticator at the first staff page, and
   * does: the session, with the ten recovery codes that stand for fresh codes below.
   */
  async function newStaff(email: string) {
    const session = await signedInOn(base, email, PASSWORD, 'individual', { secondFactor: false });
    const before = await session.call<{ enrolled: boolean; passedAt: string | null }>('/api/amsw1101/secondFactor');
    expect(before.data).toMatchObject({ enrolled: false, passedAt: null });
    const enrolment = await session.post<{ secret: string }>('/api/amsw1101/secondFactor/enrol', {});
    expect(enrolment.code).toBe(0);
    const confirmed = await session.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/confirm', {
      code: await generate({ secret: enrolment.data.secret }),
    });
    expect(confirmed.code).toBe(0);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    return { ...session, codes: confirmed.data.recoveryCodes };
  }

  /**
   * A staff POST whose Host and X-Forwarded-Host name another site, as a visitor may write them
   * (node:http, since fetch sends the address's own Host): mailed links must not follow them.
   */
  function postNamingAnotherHost<T>(staff: Staff, page: string, body: unknown): Promise<Envelope<T>> {
    return new Promise((resolve, reject) => {
      const headers = {
        ...staff.auth,
        'Content-Type': 'application/json',
        Host: 'portal.evil.example',
        'X-Forwarded-Host': 'portal.evil.example',
      };
      const sent = request(base + page, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(text) as Envelope<T>));
      });
      sent.on('error', reject);
      sent.end(JSON.stringify(body));
    });
  }

  const findPeople = async (q: string) =>
    (
      await admin.call<{ rows: { id: number; email: string; number: string | null; status: string | null }[] }>(
        `/api/amsw1101/people?q=${encodeURIComponent(q)}`,
      )
    ).data.rows;

  /** A public page as a visitor gets it (the page cache answers when it can). */
  async function publicPage(page: string) {
    const res = await fetch(base + page);
    return { status: res.status, html: await res.text() };
  }

  beforeAll(async () => {
    const s = await site;
    const port = await freePort();
    // 1. Configure: no demo, the public address; the files in a folder the server shares.
    // Behind a proxy on this machine, whose forwarded headers the portal believes.
    Object.assign(s.env, {
      SEED_DEMO: 'false',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'loopback',
    });
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
    // Nine commands, each opening the database: a busy machine takes a while (24 s alone; in the
    // CI runs since the audit chain came, past 300 s while the three test runs share the cores).
  }, 600_000);

  it('serves the society: the reviewer sets a password from the invitation and works the review desk; a member sees the membership', async () => {
    const s = await site;
    // 8. Start (it runs on for the console's steps below).
    await s.start();
    base = s.url();
    const home = await (await fetch(`${base}/en-us/`)).text();
    expect(home).toContain('Taiwan Society for Continuing Clinical Education');

    for (const person of [reviewer, member]) await passwordFromInvitation(person.email);

    const desk = await signedInOn(base, reviewer.email, PASSWORD);
    const review = await desk.page('/en-us/member/review');
    expect(review.status).toBe(200);
    expect(review.html).toContain('Joining and changes of class');
    expect(review.html).not.toContain('not set up yet');

    // The first admin sets up an authenticator at the first staff page, then runs the console.
    admin = await newStaff(reviewer.email);
    const found = await admin.call<{ rows: { email: string; number: string; status: string }[] }>(
      '/api/amsw1101/people?q=M2012-0031',
    );
    expect(found.data.rows).toEqual([
      expect.objectContaining({ email: member.email, number: 'M2012-0031', status: 'active' }),
    ]);
    const roles = await admin.call<{ email: string }[]>('/api/amsw1101/roles');
    expect(roles.data.map((r) => r.email)).toEqual([reviewer.email]);
    expect((await admin.page('/en-us/staff/reports/members')).status).toBe(200);

    const own = await signedInOn(base, member.email, PASSWORD);
    const centre = await own.page('/en-us/member/center');
    expect(centre.status).toBe(200);
    expect(centre.html).toContain('M2012-0031');
    expect(centre.html).toContain('Regular member');
  });

  // The staff console on the live database, desk by desk, as the society uses it once it is open.

  it('changes the society from the console and brings members in by the console import; a first-sign-in link is SITE_URL’s, whatever Host the request named', async () => {
    const stored = await admin.call<{ text: string }>('/api/amsw1101/society');
    expect(stored.code).toBe(0);
    const edited = stored.data.text.replace('graceDays: 90', 'graceDays: 60');
    const plan = await admin.post<{ ok: boolean; changes: { path: string }[] }>('/api/amsw1101/society/check', {
      text: edited,
    });
    expect(plan.data).toMatchObject({ ok: true, changes: [expect.objectContaining({ path: 'membership.graceDays' })] });
    const applied = await admin.post('/api/amsw1101/society/apply', { text: edited, code: admin.codes.pop() });
    expect(applied.code).toBe(0);
    expect((await admin.call<{ text: string }>('/api/amsw1101/society')).data.text).toContain('graceDays: 60');

    const file = [
      '會員編號,姓名,英文姓名,身分證字號,電子郵件,會員類別,會籍起日,會籍迄日',
      `M2020-0100,許雅婷,Hsu Ya-Ting,${clerk.id},${clerk.email},regular,${year}-01-01,${year}-12-31`,
      `M2020-0101,蔡宗翰,Tsai Tsung-Han,${twin.id},${twin.email},regular,${year}-01-01,${year}-12-31`,
    ].join('\r\n');
    const started = await consoleImport(admin, { kind: 'members' }, new Blob([file]), 'members.csv');
    expect(started.code).toBe(0);
    const checked = await settledImport(admin, started.data.runId);
    expect(checked).toMatchObject({ state: 'checked', report: { new: 2, refused: 0 } });
    expect((await admin.post('/api/amsw1101/imports/apply', { runId: checked.id, apply: true })).code).toBe(0);
    expect(await settledImport(admin, checked.id)).toMatchObject({ state: 'applied', report: { new: 2 } });

    const hit = (await findPeople(clerk.email))[0]!;
    expect(hit).toMatchObject({ number: 'M2020-0100', status: 'active', awaitingFirstSignIn: true });
    clerk.accountId = hit.id;
    // A request naming another host (directly, and as a proxy would pass it on) mails the same link.
    const invited = await postNamingAnotherHost(admin, '/api/amsw1101/people/invite', { accountId: hit.id });
    expect(invited.code).toBe(0);
    await passwordFromInvitation(clerk.email);
    const signedIn = await signedInOn(base, clerk.email, PASSWORD);
    expect((await signedIn.call<{ email: string }>('/api/amsw0101')).data.email).toBe(clerk.email);
  });

  it('opens a member’s own view read-only and ends it, merges two accounts of one person, and corrects a detail the audit log shows', async () => {
    const memberId = (await findPeople(member.email))[0]!.id;
    expect((await admin.post('/api/amsw1101/people/view', { accountId: memberId })).code).toBe(0);
    expect((await admin.call<{ email: string }>('/api/amsw0101')).data.email).toBe(member.email);
    const centre = await admin.page('/en-us/member/center');
    expect(centre.html).toContain('M2012-0031');
    expect(centre.html).toContain('pages as they see them, read-only');
    expect((await admin.call('/api/amsw0101/certificate')).code).toBe(-11);
    expect(await admin.post('/api/amsw1101/people/view/end', {})).toMatchObject({
      code: 0,
      data: { accountId: memberId },
    });
    expect((await admin.call<{ email: string }>('/api/amsw0101')).data.email).toBe(reviewer.email);

    // The imported member had signed up on the site before, under another address.
    const signedUp = await signUpIndividual({ nameZh: '蔡宗翰', nameEn: 'Tsai Tsung-Han' }, base);
    const keepId = (await findPeople(twin.email))[0]!.id;
    const plan = await admin.call<{ conflicts: string[] }>(
      `/api/amsw1101/people/merge?keepId=${keepId}&dropId=${signedUp.accountId}`,
    );
    expect(plan.data.conflicts).toEqual([]);
    const merged = await admin.post('/api/amsw1101/people/merge', {
      keepId,
      dropId: signedUp.accountId,
      reason: 'Signed up before the import',
    });
    expect(merged.code).toBe(0);
    expect((await findPeople(signedUp.email))[0]).toMatchObject({ closed: true });

    const form = await correctionOf(admin, memberId);
    const corrected = await admin.post<{ changed: string[] }>('/api/amsw1101/people/correct', {
      ...form,
      mobile: '0933123456',
      reason: 'New number by phone',
    });
    expect(corrected).toMatchObject({ code: 0, data: { changed: ['mobile'] } });
    const log = await admin.page('/en-us/staff/audit?action=person');
    expect(log.status).toBe(200);
    for (const action of ['Details corrected', 'Accounts merged', 'Viewed as the member'])
      expect(log.html).toContain(action);
    expect(log.html).toContain('New number by phone');
  });

  it('names an editor in the console, who sets up a second factor and publishes an article, a category, an event, a page and a home block, shown at once and gone when withdrawn', async () => {
    for (const role of ['editor', 'finance', 'reviewer:membership', 'ceOfficer', 'editorInChief']) {
      const granted = await admin.post('/api/amsw1101/roles', { email: clerk.email, role, code: admin.codes.pop() });
      expect(granted.code, role).toBe(0);
    }
    editor = await newStaff(clerk.email);
    const tag = Date.now().toString(36);

    const category = await editor.post<{ categoryId: number; updatedAt: string }>(
      '/api/amsw1101/content/categories/save',
      { nameZh: `學會公告 ${tag}`, nameEn: `Notices ${tag}` },
    );
    expect(category.code).toBe(0);
    const article = await editor.post<{ articleId: number }>('/api/amsw1101/content/articles/save', {
      categoryId: category.data.categoryId,
      titleZh: `開站公告 ${tag}`,
      titleEn: `We are open ${tag}`,
      bodyZh: '<p>歡迎</p>',
      publish: true,
    });
    expect(article.code).toBe(0);
    const eventKind = await editor.post<{ categoryId: number }>('/api/amsw1101/content/categories/save', {
      kind: 'event',
      nameZh: `研討會 ${tag}`,
    });
    expect(eventKind.code).toBe(0);
    const day = addDays(taipeiDate(), 7);
    const event = await editor.post<{ eventId: number; updatedAt: string }>('/api/amsw1101/content/events/save', {
      categoryId: eventKind.data.categoryId,
      titleZh: `年會 ${tag}`,
      startsAt: `${day}T09:00`,
      endsAt: `${day}T17:00`,
      publish: true,
    });
    expect(event.code).toBe(0);
    const slug = `about/board-${tag}`;
    const page = await editor.post<{ pageId: number; updatedAt: string }>('/api/amsw1101/content/pages/save', {
      slug,
      titleZh: `理監事 ${tag}`,
      bodyZh: '<p>理事長 王大明</p>',
      publish: true,
    });
    expect(page.code).toBe(0);
    // A live home page starts with the society file's blocks (the latest news among them): the editor adds a card block.
    const started = await editor.call<{ blocks: { type: string }[] }>('/api/amsw1101/content/home');
    expect(started.data.blocks.map((b) => b.type)).toContain('ltsnews');
    const block = await editor.post<{ indexPartId: number; titleZh: string; updatedAt: string }>(
      '/api/amsw1101/content/home/save',
      { type: 'card', titleZh: `合作夥伴 ${tag}`, titleEn: 'Partners' },
    );
    expect(block.code).toBe(0);
    const card = await editor.post('/api/amsw1101/content/home/items/save', {
      indexPartId: block.data.indexPartId,
      titleZh: `衛生福利部 ${tag}`,
      linkUrl: 'https://www.mohw.gov.tw/',
    });
    expect(card.code).toBe(0);
    pages.push(
      `/staff/content/articles/${article.data.articleId}`,
      `/staff/content/categories/${category.data.categoryId}`,
      `/staff/content/categories/${eventKind.data.categoryId}?kind=event`,
      `/staff/content/events/${event.data.eventId}`,
      `/staff/content/pages/${page.data.pageId}`,
      `/staff/content/home/${block.data.indexPartId}`,
    );

    const news = await publicPage('/news/list');
    expect(news.html).toContain(`學會公告 ${tag}`);
    expect(news.html).toContain(`開站公告 ${tag}`);
    expect((await publicPage(`/en-us/article/detail/${article.data.articleId}`)).html).toContain(`We are open ${tag}`);
    expect((await publicPage('/event/list')).html).toContain(`年會 ${tag}`);
    expect((await publicPage(`/event/detail/${event.data.eventId}`)).status).toBe(200);
    expect((await publicPage(`/${slug}`)).html).toContain('理事長 王大明');
    const front = (await publicPage('/')).html;
    expect(front).toContain(`合作夥伴 ${tag}`);
    expect(front).toContain(`衛生福利部 ${tag}`);
    expect(front).toContain(`開站公告 ${tag}`);

    expect(
      (await editor.post('/api/amsw1101/content/articles/unpublish', { articleId: article.data.articleId })).code,
    ).toBe(0);
    const moved = await editor.post('/api/amsw1101/content/events/unpublish', {
      eventId: event.data.eventId,
      updatedAt: event.data.updatedAt,
    });
    expect(moved.code).toBe(0);
    const withdrawn = await editor.post('/api/amsw1101/content/pages/unpublish', {
      pageId: page.data.pageId,
      updatedAt: page.data.updatedAt,
    });
    expect(withdrawn.code).toBe(0);
    const current = await editor.call<{ blocks: { indexPartId: number; updatedAt: string }[] }>(
      '/api/amsw1101/content/home',
    );
    const hidden = await editor.post('/api/amsw1101/content/home/save', {
      indexPartId: block.data.indexPartId,
      titleZh: block.data.titleZh,
      visible: false,
      updatedAt: current.data.blocks.find((b) => b.indexPartId === block.data.indexPartId)!.updatedAt,
    });
    expect(hidden.code).toBe(0);
    const hiddenKind = await editor.post('/api/amsw1101/content/categories/save', {
      categoryId: category.data.categoryId,
      updatedAt: category.data.updatedAt,
      nameZh: `學會公告 ${tag}`,
      visible: false,
    });
    expect(hiddenKind.code).toBe(0);

    expect((await publicPage(`/article/detail/${article.data.articleId}`)).status).toBe(404);
    expect((await publicPage('/news/list')).html).not.toContain(`學會公告 ${tag}`);
    expect((await publicPage('/event/list')).html).not.toContain(`年會 ${tag}`);
    expect((await publicPage(`/event/detail/${event.data.eventId}`)).status).toBe(404);
    expect((await publicPage(`/${slug}`)).status).toBe(404);
    const after = (await publicPage('/')).html;
    expect(after).not.toContain(`合作夥伴 ${tag}`);
    expect(after).not.toContain(`開站公告 ${tag}`);
  });

  it('runs an event: the events role opens registration, a member registers and is mailed the ticket, a door link checks it in; every address on SITE_URL', async () => {
    const granted = await admin.post('/api/amsw1101/roles', {
      email: clerk.email,
      role: 'events',
      code: admin.codes.pop(),
    });
    expect(granted.code).toBe(0);
    const tag = Date.now().toString(36);
    const kind = await editor.post<{ categoryId: number }>('/api/amsw1101/content/categories/save', {
      kind: 'event',
      nameZh: `工作坊 ${tag}`,
    });
    expect(kind.code).toBe(0);
    const day = addDays(taipeiDate(), 10);
    const event = await editor.post<{ eventId: number }>('/api/amsw1101/content/events/save', {
      categoryId: kind.data.categoryId,
      titleZh: `超音波工作坊 ${tag}`,
      titleEn: `Ultrasound workshop ${tag}`,
      startsAt: `${day}T09:00`,
      endsAt: `${day}T17:00`,
      publish: true,
    });
    expect(event.code).toBe(0);
    const eventId = event.data.eventId;
    const setup = await editor.call('/api/amsw1101/events/registration', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        eventId,
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        closesAt: new Date(`${addDays(day, -1)}T00:00:00+08:00`).toISOString(),
        ticketTypes: [{ name: { 'zh-tw': '工作坊' }, capacity: 20, prices: { members: {}, webUser: 0 } }],
        sessions: [{ title: { 'zh-tw': '實作' }, day, startMinute: 540, endMinute: 1020, ticketTypes: [] }],
      }),
    });
    expect(setup.code).toBe(0);
    const opened = await editor.call<{ ticketTypes: { ticketTypeId: number }[]; sessions: { sessionId: number }[] }>(
      `/api/amsw1101/events/registration?eventId=${eventId}`,
    );
    const sessionId = opened.data.sessions[0]!.sessionId;
    pages.push(
      `/staff/events/${eventId}`,
      `/staff/events/${eventId}/setup`,
      `/staff/events/${eventId}/report`,
      `/door?event=${eventId}`,
    );

    // A new web user registers for the free ticket: confirmed at once, the ticket mailed with its address on SITE_URL.
    const person = await signUpIndividual({}, base);
    const auth = await bearer(person.email, person.password, base);
    const registered = await api<{ state: string; number: string; ticketToken: string }>('/api/amsw0306/register', {
      method: 'POST',
      base,
      ...json(
        { eventId, ticketTypeId: opened.data.ticketTypes[0]!.ticketTypeId, expectedPrice: 0, answers: {} },
        { ...auth, Origin: base },
      ),
    });
    expect(registered.body).toMatchObject({ code: 0, data: { state: 'confirmed' } });
    const ticketMail = await mailWithSubject(person.email, '電子票券', 15_000, registered.body.data.number);
    const ticketUrl = linksIn(ticketMail.text).find((link) => link.includes('/ticket/'))!;
    expect(ticketUrl).toBe(`${env.SITE_URL}/ticket/${registered.body.data.ticketToken}`);

    // A door link made from a request naming another host is still SITE_URL's; its phone checks the ticket in once.
    const door = await postNamingAnotherHost<{ url: string }>(editor, '/api/amsw1101/events/doors', {
      eventId,
      label: 'Front desk',
    });
    expect(door.code).toBe(0);
    expect(door.data.url.startsWith(`${env.SITE_URL}/door/`)).toBe(true);
    const entered = await fetch(`${base}/door/${door.data.url.split('/').at(-1)}`, { redirect: 'manual' });
    expect(entered.status).toBe(303);
    const doorCookie = /ams-door=[^;]+/.exec(entered.headers.get('set-cookie') ?? '')![0];
    const scan = async () =>
      (
        await api<{ result: string }>('/api/amsw0307/scan', {
          method: 'POST',
          base,
          ...json({ sessionId, direction: 'in', code: ticketUrl }, { Cookie: doorCookie, Origin: base }),
        })
      ).body;
    expect(await scan()).toMatchObject({ code: 0, data: { result: 'checkedIn' } });
    expect(await scan()).toMatchObject({ code: 0, data: { result: 'already' } });
    for (const link of linksIn(`${ticketMail.text}\n${ticketMail.html}`)) expect(onSite(link), link).toBe(true);
  });

  it('finance matches a reported bank transfer on a statement, voids its receipt with a reason the verify page states, and records a refund', async () => {
    const payer = await signUpIndividual({}, base);
    const auth = await bearer(payer.email, payer.password, base);
    const { order } = await joinStudent(auth, base);
    const reported = await api('/api/amsw0501/remittance', {
      method: 'POST',
      base,
      ...json(
        { orderId: order!.orderId, transferDate: taipeiDate(), amount: order!.amount, accountLast5: '13579' },
        { ...auth, Origin: base },
      ),
    });
    expect(reported.body.code).toBe(0);

    const form = new FormData();
    const line = `${taipeiDate()},${order!.amount},,0081234013579,跨行轉入`;
    form.set('file', new File([`交易日期,存入金額,支出金額,轉出帳號,備註\r\n${line}`], 'statement.csv'));
    const proposal = await editor.call<{
      statementId: number;
      lines: {
        line: number;
        date: string;
        amount: number;
        account: string;
        memo: string;
        remittance: { remittanceId: number } | null;
      }[];
    }>('/api/amsw1101/money/statement', { method: 'POST', body: form });
    expect(proposal.code).toBe(0);
    const [matched] = proposal.data.lines;
    expect(matched!.remittance).not.toBeNull();
    const confirmed = await editor.post<{ results: { outcome: string }[] }>('/api/amsw1101/money/statement/confirm', {
      statementId: proposal.data.statementId,
      matches: [{ remittanceId: matched!.remittance!.remittanceId, line: matched!.line }],
    });
    expect(confirmed.data.results).toEqual([expect.objectContaining({ outcome: 'applied' })]);

    const orderRow = async () =>
      (
        await editor.call<{
          rows: { status: string; receiptNo: string | null; payments: { paymentId: number; refunded: number }[] }[];
        }>(`/api/amsw1101/money/orders?q=${order!.number}`)
      ).data.rows[0]!;
    const paid = await orderRow();
    expect(paid).toMatchObject({ status: 'paid', receiptNo: expect.stringMatching(/^R\d{4}-\d{6}$/) });
    const voided = await editor.post<{ verifyCode: string }>('/api/amsw1101/money/receipts/void', {
      orderId: order!.orderId,
      reason: 'Issued to the wrong name',
    });
    expect(voided.code).toBe(0);
    const verify = await publicPage(`/en-us/verify/${voided.data.verifyCode}`);
    expect(verify.html).toContain('Revoked');
    expect(verify.html).toContain('Voided');
    expect(verify.html).not.toContain('Issued to the wrong name');

    const refund = await editor.post<{ refunded: number; left: number }>('/api/amsw1101/money/payments/refund', {
      paymentId: paid.payments[0]!.paymentId,
      amount: 100,
      refundedOn: taipeiDate(),
      method: 'bankTransfer',
      reason: 'Student rate agreed later',
    });
    expect(refund).toMatchObject({ code: 0, data: { refunded: 100, left: order!.amount - 100 } });
    expect((await orderRow()).payments[0]!.refunded).toBe(100);
  });

  it('mails the editor of a passkey added and of one removed (their links checked with the others at the end)', async () => {
    const key = softwarePasskey(env.SITE_URL!);
    const options = await editor.post<{ challenge: string }>('/api/amsw1101/secondFactor/passkeys/options', {});
    expect(options.code).toBe(0);
    const added = await editor.post<{ id: number }>('/api/amsw1101/secondFactor/passkeys', {
      name: 'Office laptop',
      response: key.register(options.data),
    });
    expect(added.code).toBe(0);
    await mailWithSubject(clerk.email, '您的帳號已新增通行金鑰');
    const removed = await editor.post('/api/amsw1101/secondFactor/passkeys/remove', {
      id: added.data.id,
      code: editor.codes.pop(),
    });
    expect(removed.code).toBe(0);
    await mailWithSubject(clerk.email, '您的帳號已移除通行金鑰');
  });

  it('gives an application to a reviewer from the queues and reminds them once it is overdue; every mailed link is SITE_URL’s', async () => {
    const { applicationId, number } = await joinApplication(base);
    const queue = await admin.call<{ items: { id: number; subjectId: number }[] }>(
      '/api/amsw1101/queues?queue=membership',
    );
    const item = queue.data.items.find((i) => i.subjectId === applicationId)!;
    const given = await postNamingAnotherHost(admin, '/api/amsw1101/queues/assign', {
      itemId: item.id,
      reviewerId: clerk.accountId,
      holders: [],
    });
    expect(given.code).toBe(0);
    const assigned = await mailWithSubject(clerk.email, '審查', 15_000, number);
    expect(linksIn(assigned.text).length).toBeGreaterThan(0);

    // A week on, the review is overdue (the clock moved by the database, the server stopped).
    const s = await site;
    await s.stop();
    await s.withDb(async (db) => {
      await db
        .update(reviewAssignments)
        .set({ dueAt: new Date(Date.now() - 86_400_000) })
        .where(eq(reviewAssignments.itemId, item.id));
      // The daily reminder waits for its day: the console's button comes first.
      const tomorrow = new Date(Date.now() + 86_400_000);
      await db
        .insert(scheduledJobs)
        .values({ name: 'overdueReviewReminders', nextRunAt: tomorrow })
        .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: tomorrow } });
    });
    await s.start();
    const reminded = await postNamingAnotherHost<{ sent: number }>(admin, '/api/amsw1101/queues/remind', {
      itemId: item.id,
    });
    expect(reminded).toMatchObject({ code: 0, data: { sent: 1 } });
    await mailWithSubject(clerk.email, '審查已逾期', 15_000, number);

    // Every link the portal mailed anyone of this journey.
    for (const address of [reviewer.email, member.email, clerk.email, twin.email]) {
      const mails = await mailsTo(address, 1, 0);
      for (const mail of mails)
        for (const link of linksIn(`${mail.text}\n${mail.html}`))
          expect(onSite(link), `${mail.subject}: ${link}`).toBe(true);
    }
  });

  it('serves every page of the console on the live database, in both languages, to the staff whose roles open it', async () => {
    const sections = [
      '/staff',
      '/staff/people',
      '/staff/people/import',
      `/staff/people/${clerk.accountId}`,
      '/staff/roles',
      '/staff/audit',
      '/staff/settings',
      '/staff/queues',
      '/staff/reports',
      '/staff/reports/members',
      '/staff/reports/finance',
      '/staff/reports/courses',
      '/staff/reports/compliance',
      '/staff/content',
      '/staff/content/articles',
      '/staff/content/articles/new',
      '/staff/content/categories',
      '/staff/content/categories?kind=event',
      '/staff/content/events',
      '/staff/content/pages',
      '/staff/content/home',
      '/staff/content/files',
      '/staff/content/journals',
      '/staff/content/webInfo',
      '/staff/money',
      '/staff/money/statement',
      '/staff/money/surplus',
      '/staff/events',
      '/member/remittances',
      '/member/review',
      ...pages,
    ];
    for (const locale of ['', '/en-us'])
      for (const section of sections) {
        const answers = [await admin.page(locale + section), await editor.page(locale + section)];
        expect(
          answers.map((a) => a.status),
          locale + section,
        ).toContain(200);
        for (const { status, html } of answers) {
          expect(status, locale + section).toBeLessThan(500);
          expect(html, locale + section).not.toMatch(/>\s*(undefined|null|NaN)\s*</);
        }
      }
  });
});
