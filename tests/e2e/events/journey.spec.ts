import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { uniqueEmail } from '../account/data';
import { newestMail } from '../account/mail';
import { signUpInForm } from '../account/sign-up';
import { expectAccessible } from '../a11y';
import { payByCardAndOpenTicket } from './pay-ticket';
import { expect, test } from '../fixtures';
import { type RunningServer, ROOT, startServer } from '../../setup/start-server';
import { signInStaff } from '../../setup/staff-sessions';

/**
 * An event from registration to credits, on a fresh demo of its own (the server is restarted "later"
 * at the end): a visitor signs up from the congress's page, registers, pays by card through the
 * simulator and gets the ticket (page and mail); a member joins the full course's waiting list and is
 * promoted when the seats ahead of them free; door staff check them in from phone-sized browsers
 * (the congress's door signed in with the role, the course's a volunteer holding a door link, in
 * and out); after the events, the server started again finds the congress's first day in both
 * ledgers and their certificates of attendance verify.
 */

const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;
const CONGRESS = 'Asia-Pacific Clinical Education Summit 2026';
const COURSE = 'Simulation instructor course';
/** Past the demo course's second day (it starts 47 days after the seed), so every session has posted. */
const LATER_MS = 52 * DAY;

test.describe.configure({ mode: 'serial' });
// A whole journey with two server starts, a sign-up, a payment and four people: several minutes.
test.setTimeout(420_000);

let server: RunningServer;
let dataDir: string;
const outboxBefore = process.env.E2E_DATA_DIR;

function env(extra: Record<string, string> = {}) {
  return {
    DATA_DIR: dataDir,
    SMTP_URL: '',
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    TRUST_PROXY: 'loopback',
    ...extra,
  };
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-journey-'));
  // The mail helpers read this server's outbox.
  process.env.E2E_DATA_DIR = dataDir;
  // A fresh demo seeded and indexed: minutes when the machine runs the other suites beside it.
  server = await startServer(env(), 360_000);
});

test.afterAll(async () => {
  await server?.stop();
  process.env.E2E_DATA_DIR = outboxBefore;
  rmSync(dataDir, { recursive: true, force: true });
});

/** A JSON call to this server as a browser sends it (same-site Origin), with a session cookie. */
async function call<T>(cookie: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/json', Lang: 'en-us' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  const body = (await res.json()) as { code: number; data: T; message: string };
  expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe(0);
  return body.data;
}

/** A demo individual signed in through the API (the captcha solved as the form does): the cookie. */
async function signedIn(page: Page, account: string, password: string): Promise<string> {
  const res = await page.request.get(`${server.url}/api/amsw0102/image`);
  const { data } = (await res.json()) as { data: { captchaId: string; challenge: unknown } };
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const solution = await solveChallenge({ challenge: data.challenge as never, deriveKey });
  const captchaAnswer = Buffer.from(JSON.stringify({ challenge: data.challenge, solution })).toString('base64');
  const login = await page.request.post(`${server.url}/api/amsw0101/login`, {
    headers: { Origin: server.url },
    data: { account, password, captchaId: data.captchaId, captchaAnswer },
  });
  expect(((await login.json()) as { code: number }).code).toBe(0);
  const cookie = (await page.context().cookies(server.url)).find((c) => c.name === 'ams-session');
  return `ams-session=${cookie!.value}`;
}

/** A PDF's text as poppler's pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const file = path.join(dataDir, `read-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  return { context, page: await context.newPage() };
}

async function eventId(title: string): Promise<number> {
  for (const when of ['upcoming', 'past']) {
    const res = await fetch(`${server.url}/api/amsw0302?pageSize=50&when=${when}`, { headers: { Lang: 'en-us' } });
    const body = (await res.json()) as { data: { list: { eventId: number; title: string }[] } };
    const hit = body.data.list.find((e) => e.title === title);
    if (hit) return hit.eventId;
  }
  throw new Error(`no demo event ${title}`);
}

interface Mine {
  registrationId: number;
  number: string;
  event: string;
  state: string;
  ticketToken: string | null;
}

const journey = {
  visitor: { email: '', password: 'Clinic2026pass', name: '陳怡君', ticketUrl: '', number: '' },
  member: { number: '', ticketToken: '' },
};

test('a visitor signs up from the congress page, registers, pays by card and gets the ticket (zh-tw, 390 px)', async ({
  browser,
}) => {
  const congress = await eventId(CONGRESS);
  const { context, page } = await phone(browser);
  await page.goto(`/event/detail/${congress}`);
  const block = page.locator('#register');
  await expect(block.getByRole('heading', { level: 2, name: '報名' })).toBeVisible();
  await block.getByRole('link', { name: '建立帳號' }).click();

  const email = uniqueEmail('e2e.journey');
  journey.visitor.email = email;
  await signUpInForm(page, { email, password: journey.visitor.password, nameZh: journey.visitor.name });
  await expect(page).toHaveURL(`/event/detail/${congress}#register`);

  // The early-bird price for those who are not members, then the questions (all optional here).
  const form = block.locator('form');
  await expect(form.getByText('您的費用：新臺幣 5,000 元（非會員價、早鳥優惠）')).toBeVisible();
  await form.getByRole('radio', { name: /全程（三天）/ }).check();
  await form.getByRole('button', { name: '下一步' }).first().click();
  await form.getByLabel(/飲食需求/).fill('素食');
  await form.getByRole('button', { name: '下一步' }).last().click();
  await form.getByRole('button', { name: '確認報名' }).click();
  const held = block.getByRole('status').filter({ hasText: '已為您保留名額' });
  await expect(held).toContainText('新臺幣 5,000 元');

  // The ticket: in the registrations, on its page with the QR, and by mail.
  await payByCardAndOpenTicket(page, held, { ticketType: '全程（三天）', holder: journey.visitor.name });
  await expectAccessible(page);
  journey.visitor.ticketUrl = page.url();
  const mail = await newestMail(email, { subject: '電子票券', timeoutMs: 15_000 });
  expect(mail.text).toContain(new URL(page.url()).pathname);
  expect(mail.html).toContain('role="img"');
  await context.close();
});

test('a member joins the full course’s waiting list and is given a seat when the two ahead leave it (en-us, 390 px)', async ({
  browser,
}) => {
  const course = await eventId(COURSE);
  const { context, page } = await phone(browser);
  await signedIn(page, 'member@example.org', 'Member2026demo');
  await page.goto(`/en-us/event/detail/${course}`);
  const block = page.locator('#register');
  const form = block.locator('form');
  await form.getByRole('radio', { name: /Small-group participant/ }).check();
  await form.getByRole('button', { name: 'Next' }).first().click();
  await form.getByLabel(/Dietary/).fill('Vegetarian');
  await form.getByRole('button', { name: 'Next' }).last().click();
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(block.getByRole('status').filter({ hasText: 'You are on the waiting list' })).toContainText('number 2');

  // The web user lets their unpaid seat go: it is offered to the first person waiting, who lets it go too.
  const others = await browser.newContext({ baseURL: server.url });
  const otherPage = await others.newPage();
  for (const [account, password, state] of [
    ['webuser@example.org', 'Webuser2026demo', 'awaitingPayment'],
    ['lapsed@example.org', 'Lapsed2026demo', 'awaitingPayment'],
  ] as const) {
    await others.clearCookies();
    const cookie = await signedIn(otherPage, account, password);
    const mine = await call<{ registrationList: Mine[] }>(cookie, 'GET', '/api/amsw0306/mine');
    const seat = mine.registrationList.find((r) => r.event === COURSE)!;
    expect(seat.state).toBe(state);
    await call(cookie, 'POST', '/api/amsw0306/cancel', { registrationId: seat.registrationId });
  }
  await others.close();

  // The member's place has become a seat (free for members), with its ticket.
  await page.goto('/en-us/member/registrations');
  const row = page.getByRole('row').filter({ hasText: COURSE });
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await expectAccessible(page);
  // In the member's own language (Chinese), with the ticket's address.
  const mail = await newestMail('member@example.org', { subject: '候補名額已釋出給您，報名完成', timeoutMs: 15_000 });
  expect(mail.text).toContain('模擬教學師資培訓課程');
  const cookie = `ams-session=${(await context.cookies(server.url)).find((c) => c.name === 'ams-session')!.value}`;
  const mine = await call<{ registrationList: Mine[] }>(cookie, 'GET', '/api/amsw0306/mine');
  const seat = mine.registrationList.find((r) => r.event === COURSE)!;
  journey.member.number = seat.number;
  journey.member.ticketToken = seat.ticketToken!;
  expect(mail.text).toContain(`/ticket/${seat.ticketToken}`);
  await context.close();
});

test('door staff check both in from phones: one signed in with the role, one holding a door link', async ({
  browser,
}) => {
  const congress = await eventId(CONGRESS);
  const course = await eventId(COURSE);

  // The congress's door: staff signed in, the visitor's ticket scanned in (the address typed).
  const staff = await signInStaff(server.url, 'admin@example.org');
  const { context: staffPhone, page: door } = await phone(browser);
  await staffPhone.addCookies([{ name: 'ams-session', value: staff.token, url: server.url }]);
  await door.goto(`/door?event=${congress}`);
  await expect(door.getByRole('heading', { level: 1, name: '入場報到' })).toBeVisible();
  const field = door.getByLabel('票券網址或報名編號');
  await field.fill(journey.visitor.ticketUrl);
  await field.press('Enter');
  const answer = door.getByTestId('door-answer');
  await expect(answer.getByText('報到成功', { exact: true })).toBeVisible();
  await expect(answer).toContainText(journey.visitor.name);
  // The member's congress ticket (seeded), found by name as for a ticket left at home.
  await door.getByLabel('姓名或報名編號').fill('林美玲');
  await door.getByRole('button', { name: '搜尋', exact: true }).click();
  await door
    .getByTestId('door-found')
    .getByRole('button', { name: /林美玲/ })
    .click();
  await expect(answer.getByText('報到成功', { exact: true })).toBeVisible();
  await expect(answer).toContainText('林美玲');
  await expectAccessible(door);
  await staffPhone.close();

  // The course's door: a volunteer's phone with a door link finds the member by name, in and out.
  const link = await call<{ url: string }>(staff.cookie, 'POST', '/api/amsw1101/events/doors', {
    eventId: course,
    label: 'Front desk',
  });
  const { context: volunteer, page: gate } = await phone(browser);
  await gate.goto(new URL(link.url).pathname);
  await expect(gate).toHaveURL(/\/door$/);
  await expect(gate.getByText('Door: Front desk')).toBeVisible();
  for (const direction of ['In', 'Out'] as const) {
    await gate.getByRole('radio', { name: direction, exact: true }).check();
    await gate.getByLabel('Name or registration number').fill('Lin Mei-Ling');
    await gate.getByRole('button', { name: 'Search', exact: true }).click();
    const found = gate.getByTestId('door-found');
    await found.getByRole('button', { name: new RegExp(journey.member.number) }).click();
    await expect(
      gate.getByTestId('door-answer').getByText(direction === 'In' ? 'Checked in' : 'Checked out', { exact: true }),
    ).toBeVisible();
  }
  await expectAccessible(gate);
  await volunteer.close();
});

test('after the events, the credits are in both ledgers and the certificates of attendance verify', async ({
  browser,
}) => {
  // The same data, the server started again weeks later: its jobs post the sessions' attendance.
  await server.stop();
  server = await startServer(
    env({
      NODE_OPTIONS: `--import=${path.join(ROOT, 'tests/setup/clock-ahead.mjs')}`,
      TEST_CLOCK_AHEAD_MS: String(LATER_MS),
    }),
    170_000,
  );
  const congress = await eventId(CONGRESS);

  for (const who of [
    {
      account: 'member@example.org',
      password: 'Member2026demo',
      event: congress,
      line: 'Day 1: curriculum reform and competency-based education',
    },
    {
      account: journey.visitor.email,
      password: journey.visitor.password,
      event: congress,
      line: 'Day 1: curriculum reform and competency-based education',
    },
  ]) {
    const { context, page } = await phone(browser);
    const cookie = await signedIn(page, who.account, who.password);
    // The job runs at the server's first tick: wait for the certificate.
    let pdf: Buffer | null = null;
    for (let tries = 0; tries < 60 && !pdf; tries++) {
      const res = await fetch(`${server.url}/api/amsw0306/certificate?eventId=${who.event}&lang=en-us`, {
        headers: { Cookie: cookie },
      });
      if (res.headers.get('content-type') === 'application/pdf') pdf = Buffer.from(await res.arrayBuffer());
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(pdf, `${who.account}'s certificate of attendance`).not.toBeNull();
    const text = pdfText(pdf!);
    expect(text).toContain('Certificate of Attendance');
    expect(text).toContain(CONGRESS);
    // The session's title wraps in its column.
    expect(text).toContain('Day 1: curriculum reform and');
    const code = /\b[34679ACDEFGHJKMNPQRTWXY]{5}-[34679ACDEFGHJKMNPQRTWXY]{5}\b/.exec(text)?.[0];
    expect(code, 'the verification code printed on the certificate').toBeTruthy();
    await page.goto(`/en-us/verify/${code!.replaceAll('-', '')}`);
    await expect(page.getByText('Valid', { exact: true }).first()).toBeVisible();
    await expectAccessible(page);

    await page.goto('/en-us/member/registrations');
    await expect(page.getByRole('link', { name: /certificate of attendance/i }).first()).toBeVisible();
    const certifications = await call<{ certificationList: { certificationId: number; name: string }[] }>(
      cookie,
      'GET',
      '/api/amsw0602',
    );
    const ledgers = await Promise.all(
      certifications.certificationList.map((c) =>
        call<{ ledger: { title: string; source: string }[] }>(
          cookie,
          'GET',
          `/api/amsw0602/certification?certificationId=${c.certificationId}`,
        ),
      ),
    );
    expect(
      ledgers
        .flatMap((l) => l.ledger)
        .filter((l) => l.source === 'event')
        .map((l) => l.title),
    ).toContain(`${CONGRESS}: ${who.line}`);
    await context.close();
  }
});
