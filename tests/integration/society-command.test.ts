import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  accounts,
  articleCategories,
  auditLog,
  eventCategories,
  indexParts,
  memberClasses,
  memberships,
  webInfo,
} from '../../src/server/db/schema';
import { freePort } from '../setup/start-server';
import { DEMO_SOCIETY_FILE, runCommand } from './commands';
import { signIn, signUpIndividual } from './helpers';
import { jobsSite } from './jobs-helpers';

/** A society file of the demo's, changed, written beside a copy of the demo's pictures. */
function societyFile(folder: string, change: (society: Record<string, unknown>) => void): string {
  const society = parse(readFileSync(DEMO_SOCIETY_FILE, 'utf8')) as Record<string, unknown>;
  change(society);
  for (const name of ['logo.svg', 'favicon.svg'])
    writeFileSync(path.join(folder, name), readFileSync(path.join(path.dirname(DEMO_SOCIETY_FILE), name)));
  const file = path.join(folder, `society-${Math.random().toString(36).slice(2, 8)}.yaml`);
  writeFileSync(file, stringify(society));
  return file;
}

describe('npm run society -- check', () => {
  it('finds no problem in the demo society', () => {
    const run = runCommand('society', ['check', DEMO_SOCIETY_FILE], {});
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('no problems');
  });

  it('lists every problem of a file with its path, in Chinese and English, and stops with an error', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'society-check-'));
    try {
      const file = societyFile(folder, (society) => {
        society.color = '#8EC5FF';
        (society.contact as Record<string, unknown>).email = 'office at society';
        (society.classes as Record<string, unknown>[])[0]!.entranceFee = -1;
      });
      const run = runCommand('society', ['check', file], {});
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('3 個問題 / 3 problems');
      expect(run.stdout).toMatch(
        / {2}color\n {4}白色文字在此顏色上的對比為 1\.\d\d:1.*\n {4}white text on this colour/,
      );
      expect(run.stdout).toContain('  contact.email\n');
      expect(run.stdout).toContain('  classes[0].entranceFee\n');
      expect(run.stdout).toContain('  classes[0].entranceFee\n    不可小於 0\n    at least 0\n');

      writeFileSync(file, readFileSync(file, 'utf8').replace('logo: logo.svg', 'logo: missing.png'));
      writeFileSync(file, readFileSync(file, 'utf8').replace(/color: .*/, "color: '#1D4E89'"));
      writeFileSync(file, readFileSync(file, 'utf8').replace('office at society', 'office@example.org'));
      writeFileSync(file, readFileSync(file, 'utf8').replace('entranceFee: -1', 'entranceFee: 0'));
      const missing = runCommand('society', ['check', file], {});
      expect(missing.status).toBe(1);
      expect(missing.stdout).toContain('  logo\n    讀不到檔案 missing.png\n    cannot read the file missing.png');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

// From an empty live database to a society, as its IT person would go (README: Going live), on the
// project's engine: the plan first, then apply, then apply again; a class in use is closed.
describe('npm run society -- apply and export on a live portal', () => {
  const site = jobsSite();
  const folder = mkdtempSync(path.join(tmpdir(), 'society-apply-'));
  let person: Awaited<ReturnType<typeof signUpIndividual>>;
  beforeAll(async () => {
    const s = await site;
    const port = await freePort();
    Object.assign(s.env, { SEED_DEMO: 'false', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
    // The commands and the server share the uploaded files (on PostgreSQL the database is elsewhere).
    if (s.env.DATA_DIR === 'memory') s.env.DATA_DIR = path.join(folder, 'data');
  });
  afterAll(async () => {
    await (await site).drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('tells staff the portal is not set up until a society file is applied', async () => {
    const s = await site;
    await s.start();
    person = await signUpIndividual({}, s.url());
    await s.stop();
    const grant = runCommand('admin', ['grant', person.email, 'reviewer:membership'], s.env);
    expect(grant.stdout).toContain('granted');
    await s.start();
    const staff = await signIn(person.email, person.password, 'individual', false, { base: s.url() });
    const desk = await fetch(`${s.url()}/en-us/member/review`, { headers: { Cookie: staff.cookie } });
    expect(await desk.text()).toContain('The portal is not set up yet');
    const visitor = await fetch(`${s.url()}/en-us/news/list`);
    expect(await visitor.text()).not.toContain('not set up yet');
    await s.stop();
  });

  it('exports a template from the empty portal that starts the site: a news and an event category, a home page of news, events and links', async () => {
    const s = await site;
    const template = parse(runCommand('society', ['export'], s.env).stdout) as Record<string, unknown>;
    expect(template.articleCategories).toEqual([
      { code: 'news', name: { 'zh-tw': '最新消息', 'en-us': 'News' }, description: null },
    ]);
    expect(template.eventCategories).toEqual([{ name: { 'zh-tw': '活動', 'en-us': 'Events' } }]);
    expect((template.homeBlocks as { type: string }[]).map((b) => b.type)).toEqual(['ltsnews', 'event', 'link']);
  });

  it('prints the plan and changes nothing without --yes', async () => {
    const s = await site;
    const plan = runCommand('society', ['apply', DEMO_SOCIETY_FILE], s.env);
    expect(plan.status).toBe(0);
    expect(plan.stdout).toMatch(/Applying .* would make \d+ change\(s\)/);
    expect(plan.stdout).toContain('新增 added       classes.regular');
    expect(plan.stdout).toContain('新增 added       articleCategories.news');
    expect(plan.stdout).toContain('新增 added       homeBlocks.ltsnews.最新消息');
    expect(plan.stdout).toContain('logo: (無 none) → (圖檔 picture)');
    expect(plan.stdout).toContain('Nothing was changed: add --yes to apply.');
    const info = await s.withDb((db) => db.select().from(webInfo));
    expect(info[0]).toMatchObject({ name: { 'en-us': 'Member portal' }, setUpAt: null });
  });

  it('applies the file in one go, audits each change, and a second apply changes nothing', async () => {
    const s = await site;
    const applied = runCommand('society', ['apply', DEMO_SOCIETY_FILE, '--yes'], s.env);
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
    const count = Number(/Applied (\d+) change\(s\)/.exec(applied.stdout)?.[1]);
    expect(count).toBeGreaterThan(20);
    const audited = await s.withDb((db) =>
      db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(like(auditLog.action, 'society.%')),
    );
    expect(audited).toHaveLength(count);
    expect(audited).toContainEqual({
      action: 'society.add',
      detail: expect.objectContaining({ path: 'classes.regular', by: expect.stringMatching(/^society command/) }),
    });

    // The site starts with the file's categories and home blocks.
    const content = await s.withDb(async (db) => ({
      articles: (await db.select().from(articleCategories)).map((c) => c.slug),
      events: (await db.select().from(eventCategories)).map((c) => c.name['en-us']),
      blocks: (await db.select().from(indexParts).orderBy(indexParts.sort)).map((b) => [b.type, b.itemLimit]),
    }));
    expect(content).toEqual({
      articles: ['news', 'announcements', 'education', 'about'],
      events: ['Scientific meetings', 'Workshops', 'Continuing-education courses', 'Online webinars'],
      blocks: [
        ['carousel', 6],
        ['ltsnews', 5],
        ['event', 4],
        ['card', 6],
        ['link', 6],
      ],
    });

    const again = runCommand('society', ['apply', DEMO_SOCIETY_FILE, '--yes'], s.env);
    expect(again.stdout).toContain('Nothing to change: the society matches the file.');
  });

  it('exports the society so that applying the export changes nothing', async () => {
    const s = await site;
    const file = path.join(folder, 'exported', 'society.yaml');
    const exported = runCommand('society', ['export', file], s.env);
    expect(exported.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(DEMO_SOCIETY_FILE, 'utf8'));
    expect(readFileSync(path.join(folder, 'exported', 'logo.svg'))).toEqual(
      readFileSync(path.join(path.dirname(DEMO_SOCIETY_FILE), 'logo.svg')),
    );
    expect(runCommand('society', ['apply', file], s.env).stdout).toContain('Nothing to change');
    const printed = runCommand('society', ['export'], s.env);
    expect(printed.stdout).toMatch(/^logo: data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/m);
    // Printed to the terminal, the pictures are inline, and that file applies as it stands.
    const inline = path.join(folder, 'inline.yaml');
    writeFileSync(inline, printed.stdout);
    expect(runCommand('society', ['apply', inline], s.env).stdout).toContain('Nothing to change');
  });

  it('serves the society: its name, its open classes, its certifications, no notice to staff', async () => {
    const s = await site;
    await s.start();
    try {
      const home = await (await fetch(`${s.url()}/en-us/`)).text();
      expect(home).toContain('Taiwan Society for Continuing Clinical Education');
      // The home page has the file's blocks (with nothing in them yet, the lists say so).
      expect(home).toContain('Upcoming events');
      const join = await (await fetch(`${s.url()}/en-us/signinTerm`)).text();
      expect(join).toContain('Regular member');
      expect(join).not.toContain('Overseas member');
      const credits = await (await fetch(`${s.url()}/en-us/credit/overview`)).text();
      expect(credits).toContain('Physician practising licence');
      const staff = await signIn(person.email, person.password, 'individual', false, { base: s.url() });
      const desk = await fetch(`${s.url()}/en-us/member/review`, { headers: { Cookie: staff.cookie } });
      expect(await desk.text()).not.toContain('not set up yet');
    } finally {
      await s.stop();
    }
  });

  it('closes a class that members hold instead of deleting it, and deletes one nobody uses', async () => {
    const s = await site;
    await s.withDb(async (db) => {
      const [associate] = await db.select().from(memberClasses).where(eq(memberClasses.code, 'associate'));
      const [account] = await db.select().from(accounts).where(eq(accounts.email, person.email));
      await db.insert(memberships).values({
        accountId: account!.id,
        memberNo: 'M2020-0001',
        classId: associate!.id,
        status: 'active',
        joinedOn: '2020-03-01',
        termStart: '2026-01-01',
        termEnd: '2026-12-31',
      });
    });
    const file = societyFile(folder, (society) => {
      society.classes = (society.classes as { code: string; changeTo: string[] }[])
        .filter((c) => c.code !== 'associate' && c.code !== 'overseas')
        .map((c) => ({ ...c, changeTo: c.changeTo.filter((code) => code !== 'associate') }));
    });
    const applied = runCommand('society', ['apply', file, '--yes'], s.env);
    expect(applied.stdout).toContain('關閉 closed: in use, so kept / 使用中，保留 classes.associate');
    expect(applied.stdout).toContain('刪除 deleted (not in use / 未使用) classes.overseas');
    const classes = await s.withDb((db) =>
      db
        .select({ code: memberClasses.code, active: memberClasses.active, opensAt: memberClasses.opensAt })
        .from(memberClasses)
        .orderBy(sql`${memberClasses.sort}`),
    );
    expect(classes.map((c) => c.code)).toEqual(['regular', 'student', 'life', 'associate']);
    expect(classes.at(-1)).toEqual({ code: 'associate', active: false, opensAt: null });
    expect(runCommand('society', ['apply', file, '--yes'], s.env).stdout).toContain('Nothing to change');
  });
});
