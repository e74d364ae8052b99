import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { freePort } from '../setup/start-server';
import { runCommand } from './commands';
import { signUpIndividual } from './helpers';
import { jobsSite } from './jobs-helpers';
import { signedInOn } from './own-server';

// A live portal's first admin (README: Going live, step 6): `npm run admin -- grant … admin` opens
// roles, settings, the audit log, queues and reports, and no desk of the office. The overview offers
// the office roles; each is taken with a fresh code and audited. Before a society file, the site has
// no category, and the article form says where to make one.
describe('the first admin of a live portal', () => {
  const site = jobsSite();
  const folder = mkdtempSync(path.join(tmpdir(), 'first-admin-'));
  let first: Awaited<ReturnType<typeof signUpIndividual>>;
  let other: Awaited<ReturnType<typeof signUpIndividual>>;
  let admin: Awaited<ReturnType<typeof signedInOn>> & { codes: string[] };

  beforeAll(async () => {
    const s = await site;
    const port = await freePort();
    Object.assign(s.env, { SEED_DEMO: 'false', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
    if (s.env.DATA_DIR === 'memory') s.env.DATA_DIR = path.join(folder, 'data');
    await s.start();
    first = await signUpIndividual({}, s.url());
    other = await signUpIndividual({}, s.url());
    await s.stop();
    expect(runCommand('admin', ['grant', first.email, 'admin'], s.env).stdout).toContain('granted');
    await s.start();
    const session = await signedInOn(s.url(), first.email, first.password, 'individual', { secondFactor: false });
    const enrolment = await session.post<{ secret: string }>('/api/amsw1101/secondFactor/enrol', {});
    const confirmed = await session.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/confirm', {
      code: await generate({ secret: enrolment.data.secret }),
    });
    expect(confirmed.code).toBe(0);
    admin = { ...session, codes: confirmed.data.recoveryCodes };
  });
  afterAll(async () => {
    const s = await site;
    await s.stop();
    await s.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is offered the office roles on the overview, in both languages', async () => {
    const en = await admin.page('/en-us/staff');
    expect(en.status).toBe(200);
    expect(en.html).toContain('Work the office&#39;s desks too');
    for (const role of ['Office (people and membership)', 'Content editor', 'Finance']) expect(en.html).toContain(role);
    expect(en.html).toContain('Take this role');
    const zh = await admin.page('/staff');
    expect(zh.html).toContain('一併處理會務工作');
    expect(zh.html).toContain('加上此角色');
  });

  it('takes a role only with a fresh code, audited as a grant; someone not an admin cannot', async () => {
    const take = (body: unknown) => admin.post<{ result: string }>('/api/amsw1101/roles/take', body);
    expect((await take({ role: 'editor' })).code).toBe(-2);
    expect((await take({ role: 'admin', code: admin.codes.at(-1) })).code).toBe(-10);
    expect((await take({ role: 'editor', code: '000000' })).code).not.toBe(0);
    expect((await admin.page('/en-us/staff/content/articles')).status).not.toBe(200);

    const s = await site;
    const member = await signedInOn(s.url(), other.email, other.password);
    const refused = await member.post('/api/amsw1101/roles/take', { role: 'editor', code: '123456' });
    expect(refused.code).toBe(-11);

    const code = admin.codes.pop();
    const taken = await take({ role: 'editor', code });
    expect(taken).toMatchObject({ code: 0, data: { result: 'granted' } });
    // Each role with a fresh code: the one used is refused, a new one takes the office's desk.
    expect((await take({ role: 'office', code })).code).not.toBe(0);
    expect((await take({ role: 'office', code: admin.codes.pop() })).code).toBe(0);
    const overview = await admin.page('/en-us/staff');
    expect(overview.html).not.toContain('Take this role');

    await s.stop();
    const audited = await s.withDb((db) =>
      db
        .select({ detail: auditLog.detail, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.action, 'role.grant')),
    );
    await s.start();
    expect(audited).toContainEqual({
      after: { role: 'editor' },
      detail: expect.objectContaining({ role: 'editor', by: `console (${first.email})` }),
    });
  });

  it('as editor, opens the article form of a site with no category, which says where to make one', async () => {
    const en = await admin.page('/en-us/staff/content/articles/new');
    expect(en.status).toBe(200);
    expect(en.html).toContain('There is no article category to choose yet: create one before saving.');
    expect(en.html).toContain('href="/en-us/staff/content/categories/new?kind=article"');
    const zh = await admin.page('/staff/content/events/new');
    expect(zh.html).toContain('還沒有可選的活動分類，請先建立一個分類再儲存。');
    expect(zh.html).toContain('href="/staff/content/categories/new?kind=event"');
  });
});
