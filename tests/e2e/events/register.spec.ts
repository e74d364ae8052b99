import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { post, signInPage, signUpIndividual } from '../account/helpers';
import { uniqueEmail } from '../account/data';
import { signUpInForm } from '../account/sign-up';
import { expect, test } from '../fixtures';
import { apiContext, signInApi } from '../membership/helpers';
import { PHONE_BUDGETS } from '../../../scripts/bench/phone-budgets.mjs';
import { measurePhonePage, phoneContextOptions } from '../../../scripts/bench/phone.mjs';
import { allEvents } from './data';
import { payByCardAndOpenTicket } from './pay-ticket';

/**
 * Registering from an event's page on a phone (issue 47): a visitor creates an account in the
 * flow and comes back to the registration block, registers for a paid ticket, pays by card in
 * the gateway simulator and opens the ticket from their registrations; a member is told a price
 * that changed while the page was open and confirms it again, and joins a full ticket type's
 * waiting list and is told their place.
 */

const PHONE = { width: 390, height: 844 };
const DAY = 24 * 3_600_000;

/** A Taipei date and time to the minute, as the event form sends it. */
const taipeiMinute = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);

interface TicketTypeInput {
  ticketTypeId?: number;
  name: { 'zh-tw': string; 'en-us': string };
  capacity: number;
  prices: { members: Record<string, number>; webUser: number };
}

/** The staff's side, in a browser context of its own: the admin, second factor passed. */
async function staffRequest(browser: Browser): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL! });
  const page = await context.newPage();
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  return { request: page.request, close: () => context.close() };
}

async function staffCall<T>(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request[method](path, { headers: { Origin: origin }, data });
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

/**
 * A published event of the test's own, whose registration is open now. It starts in three days:
 * never the latest upcoming event, which other specs open registration for.
 */
async function eventWithRegistration(
  staff: APIRequestContext,
  title: string,
  ticketTypes: TicketTypeInput[],
  questions?: Record<string, string>,
) {
  const now = Date.now();
  const categoryId = (await allEvents(staff))[0]!.eventCategoryId;
  const startsAt = now + 3 * DAY;
  const event = await staffCall<{ eventId: number }>(staff, 'post', '/api/amsw1101/content/events/save', {
    categoryId,
    titleZh: title,
    titleEn: title,
    placeZh: '臺大醫院國際會議中心',
    placeEn: 'NTUH International Convention Center',
    startsAt: taipeiMinute(startsAt),
    endsAt: taipeiMinute(startsAt + 8 * 3_600_000),
    publish: true,
  });
  const setup = {
    eventId: event.eventId,
    opensAt: new Date(now - DAY).toISOString(),
    closesAt: new Date(now + 2 * DAY).toISOString(),
    ...(questions ? { questions } : {}),
    ticketTypes,
  };
  const saved = await staffCall<{ ticketTypes: { ticketTypeId: number }[] }>(
    staff,
    'put',
    '/api/amsw1101/events/registration',
    setup,
  );
  return { eventId: event.eventId, setup, ticketTypeIds: saved.ticketTypes.map((t) => t.ticketTypeId) };
}

/** The registration block of the page. */
const block = (page: Page) => page.locator('#register');

test('a visitor creates an account in the flow, registers, pays by card and opens the ticket (zh-tw)', async ({
  page,
  browser,
}) => {
  // A sign-up with its mailed code, the gateway's round trip and several pages scanned.
  test.slow();
  const staff = await staffRequest(browser);
  const { eventId } = await eventWithRegistration(
    staff.request,
    `報名流程測試研討會 ${Date.now()}`,
    [
      {
        name: { 'zh-tw': '全程票', 'en-us': 'Full pass' },
        capacity: 30,
        prices: { members: { regular: 1500 }, webUser: 2000 },
      },
    ],
    { diet: 'optional', receipt: 'optional', freeText: 'off' },
  );
  await staff.close();
  await page.setViewportSize(PHONE);

  // The visitor sees the public prices and the live seats, and the ways in.
  await page.goto(`/event/detail/${eventId}`);
  const reg = block(page);
  await expect(reg.getByRole('heading', { level: 2, name: '報名' })).toBeVisible();
  await expect(reg.getByRole('row', { name: /非會員 新臺幣 2,000 元/ })).toBeVisible();
  await expect(reg.getByText('尚餘名額：30')).toBeVisible();
  await expectAccessible(page);
  await reg.getByRole('link', { name: '建立帳號' }).click();

  // Sign-up: the e-mail and its code, then the details; the new account comes back to the block.
  await expect(page).toHaveURL(/\/webUser\/createAccount\?redirect=/);
  const email = uniqueEmail('e2e.register');
  const password = 'Clinic2026pass';
  await signUpInForm(page, {
    email,
    password,
    nameZh: '陳怡君',
    // An address that has an account already gets a reset link instead of a code; signing in instead comes back too.
    afterCodeSent: () =>
      expect(page.getByRole('link', { name: '前往登入' })).toHaveAttribute(
        'href',
        `/login?redirect=${encodeURIComponent(`/event/detail/${eventId}#register`)}`,
      ),
  });
  await expect(page).toHaveURL(`/event/detail/${eventId}#register`);

  // Signed in: their own price, then the steps.
  const form = reg.locator('form');
  await expect(form.getByText('您的費用：新臺幣 2,000 元（非會員價）')).toBeVisible();
  await expect(reg.getByRole('link', { name: '建立帳號' })).toBeHidden();
  await expectAccessible(page);
  await form.getByRole('button', { name: '下一步' }).first().click();
  await expect(form.getByRole('alert')).toHaveText('請選擇票種。');
  await form.getByRole('radio', { name: /全程票/ }).check();
  await form.getByRole('button', { name: '下一步' }).first().click();
  await expect(form.getByText('步驟 2／3：填寫報名資料')).toBeFocused();
  await form.getByLabel(/飲食需求/).fill('素食');
  await form.getByLabel(/收據抬頭/).fill('康安醫院');
  await form.getByLabel(/統一編號/).fill('1234');
  await form.getByRole('button', { name: '下一步' }).last().click();
  await expect(form.getByRole('alert')).toHaveText('統一編號為 8 位數字。');
  await expect(form.getByLabel(/統一編號/)).toBeFocused();
  await expect(form.getByLabel(/統一編號/)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(/統一編號/).fill('04595257');
  await form.getByRole('button', { name: '下一步' }).last().click();
  await expect(form.getByText('步驟 3／3：確認並送出')).toBeFocused();
  await expect(form.getByText('新臺幣 2,000 元', { exact: true })).toBeVisible();
  await expect(form.getByText(/送出後請於期限內付款/)).toBeVisible();

  // Pressed twice: one registration.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/amsw0306/register')) sent.push(r.url());
  });
  await form.getByRole('button', { name: '確認報名' }).dblclick();
  const result = reg.getByRole('status').filter({ hasText: '已為您保留名額' });
  await expect(result).toBeVisible();
  await expect(result).toContainText('新臺幣 2,000 元');
  expect(sent).toHaveLength(1);
  await expectAccessible(page);

  // Paying: the payments page, the simulator's card, then the ticket from the registrations.
  await payByCardAndOpenTicket(page, result, { ticketType: '全程票', holder: '陳怡君' });
});

test('a member confirms a price that changed while the page was open, then joins a full ticket type’s waiting list (en-us)', async ({
  page,
  browser,
}) => {
  test.slow();
  const staff = await staffRequest(browser);
  const made = await eventWithRegistration(staff.request, `Registration flow workshop ${Date.now()}`, [
    {
      name: { 'zh-tw': '工作坊', 'en-us': 'Hands-on seat' },
      capacity: 1,
      prices: { members: { regular: 0 }, webUser: 0 },
    },
    {
      name: { 'zh-tw': '晚宴', 'en-us': 'Congress dinner' },
      capacity: 10,
      prices: { members: { regular: 500 }, webUser: 800 },
    },
  ]);
  // Someone else takes the one hands-on seat.
  const other = await apiContext();
  const { email, password } = await signUpIndividual(other);
  await signInApi(other, email, password);
  await post(other, '/api/amsw0306/register', {
    eventId: made.eventId,
    ticketTypeId: made.ticketTypeIds[0],
    expectedPrice: 0,
  });
  await other.dispose();

  await signInPage(page, 'member@example.org', 'Member2026demo');
  await page.setViewportSize(PHONE);
  await page.goto(`/en-us/event/detail/${made.eventId}`);
  const reg = block(page);
  const form = reg.locator('form');
  await expect(form.getByText('Your price: NT$500 (member price)')).toBeVisible();
  await expect(reg.getByText('Full: join the waiting list (0 waiting)')).toBeVisible();
  await expect(form.getByText('Full: you join the waiting list')).toBeVisible();
  await expectAccessible(page);

  // The dinner's price rises while the page is open: refused with the new price, then confirmed.
  await form.getByRole('radio', { name: /Congress dinner/ }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('NT$500', { exact: true })).toBeVisible();
  await staffCall(staff.request, 'put', '/api/amsw1101/events/registration', {
    ...made.setup,
    ticketTypes: made.setup.ticketTypes.map((t, i) => ({
      ...t,
      ticketTypeId: made.ticketTypeIds[i],
      ...(i === 1 ? { prices: { members: { regular: 700 }, webUser: 900 } } : {}),
    })),
  });
  await staff.close();
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'The price has changed since the page was opened: it is now NT$700',
  );
  await expect(form.getByText('NT$700', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(reg.getByRole('status').filter({ hasText: 'please pay NT$700 by' })).toBeVisible();

  // The full hands-on seat: the waiting list, and the member's place on it.
  await page.reload();
  await expect(form.getByText('You are registered for this ticket type')).toBeVisible();
  await form.getByRole('radio', { name: /Hands-on seat/ }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText(/This ticket type is full: you join its waiting list/)).toBeVisible();
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
  const waiting = reg.getByRole('status').filter({ hasText: 'You are on the waiting list' });
  await expect(waiting).toContainText('number 1');
  await expect(waiting.getByRole('link', { name: 'My registrations' })).toBeVisible();
  await expectAccessible(page);
});

test('the event page with its registration block stays within a public page’s JavaScript budget on a phone', async ({
  browser,
}) => {
  const staff = await staffRequest(browser);
  const { eventId } = await eventWithRegistration(staff.request, `Registration budget check ${Date.now()}`, [
    { name: { 'zh-tw': '一般票', 'en-us': 'Standard' }, capacity: 10, prices: { members: {}, webUser: 300 } },
  ]);
  await staff.close();
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ baseURL, ...phoneContextOptions });
  const page = await context.newPage();
  const { javascriptBytes, scripts } = await measurePhonePage(page, new URL(`/event/detail/${eventId}`, baseURL).href, {
    throttle: false,
  });
  // The block's script is among them: a measure without it would say nothing.
  expect(scripts.some((s) => s.path.includes('EventRegistration'))).toBe(true);
  const list = scripts.map((s) => `${s.path} ${s.bytes}`).join('\n');
  expect(javascriptBytes, `JavaScript sent (bytes):\n${list}`).toBeLessThanOrEqual(
    PHONE_BUDGETS.public.javascriptBytes,
  );
  await context.close();
});
