import { post, signInPage, signUpIndividual } from '../account/helpers';
import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { apiContext, signInApi } from '../membership/helpers';
import { eventTitled, openRegistration } from './data';

/**
 * Check-in at the door on a phone (decision record 041): staff open a seeded event's registration
 * with a session and make a door link (through the API); a phone opens the link, finds a
 * registration by its number and checks it in, then enters the same ticket's address by hand and
 * is told it was already checked in, by which door, in each language; the ticket's own page offers
 * the door its check-in too. Staff with the role check in on the same page and undo a scan.
 */
const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
/** A seeded upcoming event no other browser test registers for (they run in parallel). */
const EVENT = 'Writing a case report (webinar)';

const texts = {
  'zh-tw': {
    prefix: '',
    title: '入場報到',
    door: '入口：北門',
    search: '姓名或報名編號',
    searchButton: '搜尋',
    checkIn: '報到入場',
    checkedIn: '報到成功',
    manual: '票券網址或報名編號',
    already: '已經掃描過',
    by: /由 北門 掃描/,
    count: '已入場 1 人',
  },
  'en-us': {
    prefix: '/en-us',
    title: 'Check-in at the door',
    door: 'Door: North door',
    search: 'Name or registration number',
    searchButton: 'Search',
    checkIn: 'Check in',
    checkedIn: 'Checked in',
    manual: 'Ticket address or registration number',
    already: 'Already scanned',
    by: /by North door/,
    // The Chinese door checked the first person in already.
    count: '2 checked in',
  },
} as const;

test('a phone opens a door link, finds a ticket by its number, checks it in, and hears "already" for the same ticket again; staff undo a scan', async ({
  page,
  browser,
}) => {
  test.slow();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const event = await eventTitled(page.request, EVENT);
  const { eventId, startsAt } = event;
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  const day = new Date(Date.parse(startsAt) + 8 * HOUR).toISOString().slice(0, 10);
  const setup = await openRegistration(page.request, origin, event, {
    ticketTypes: [{ name: { 'zh-tw': '線上', 'en-us': 'Online' }, capacity: 50, prices: { members: {}, webUser: 0 } }],
    sessions: [
      { title: { 'zh-tw': '講座', 'en-us': 'Lecture' }, day, startMinute: 540, endMinute: 720, ticketTypes: [0] },
    ],
  });
  const link = await post<{ url: string }>(page.request, '/api/amsw1101/events/doors', { eventId, label: '北門' });
  const linkEn = await post<{ url: string }>(
    page.request,
    '/api/amsw1101/events/doors',
    { eventId, label: 'North door' },
    { Lang: 'en-us' },
  );
  expect(linkEn.url).toContain('/en-us/door/');

  // Three people register; each language's door checks one in, staff the third.
  const tickets: { number: string; ticketToken: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const request = await apiContext();
    const { email, password } = await signUpIndividual(request);
    await signInApi(request, email, password);
    const registration = await post<{ state: string; number: string; ticketToken: string }>(
      request,
      '/api/amsw0306/register',
      { eventId, ticketTypeId: setup.ticketTypes[0]!.ticketTypeId, expectedPrice: 0 },
    );
    expect(registration.state).toBe('confirmed');
    tickets.push(registration);
    await request.dispose();
  }

  for (const [i, locale] of (['zh-tw', 'en-us'] as const).entries()) {
    const x = texts[locale];
    const ticket = tickets[i]!;
    // The volunteer's phone: no account, only the door link.
    const phone = await browser.newContext({ viewport: PHONE });
    const door = await phone.newPage();
    await door.goto(new URL(locale === 'zh-tw' ? link.url : linkEn.url).pathname);
    await expect(door).toHaveURL(new RegExp(`${x.prefix}/door$`));
    await expect(door.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
    await expect(door.getByText(x.door)).toBeVisible();
    await expectAccessible(door);
    // A phone's page: the island's own script is small, and the QR decoder waits for the camera.
    const scripts = await door.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => ({ name: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
    );
    expect(scripts.some((e) => /jsQR/i.test(e.name))).toBe(false);
    expect(scripts.reduce((sum, e) => sum + e.bytes, 0)).toBeLessThan(150_000);

    await door.getByLabel(x.search).fill(ticket.number);
    await door.getByRole('button', { name: x.searchButton, exact: true }).click();
    const found = door.getByTestId('door-found');
    await expect(found.getByText(ticket.number)).toBeVisible();
    await found.getByRole('button', { name: new RegExp(ticket.number) }).click();
    const answer = door.getByTestId('door-answer');
    await expect(answer).toHaveAttribute('aria-live', 'assertive');
    await expect(answer.getByText(x.checkedIn, { exact: true })).toBeVisible();
    await expect(answer).toContainText(ticket.number);
    await expect(door.getByTestId('door-counts')).toContainText(x.count);
    await expectAccessible(door);

    // The same ticket again, its address typed in (as a camera would read it), with the keyboard.
    const field = door.getByLabel(x.manual);
    await field.fill(`${origin}${x.prefix}/ticket/${ticket.ticketToken}`);
    await field.press('Enter');
    await expect(answer.getByText(x.already, { exact: true })).toBeVisible();
    await expect(answer).toContainText(x.by);
    await expect(door.getByTestId('door-counts')).toContainText(x.count);
    await expect(field).toHaveValue('');
    expect(await door.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(door);

    // A phone's own camera app opens the ticket's address: the door may check it in there too.
    await door.goto(`${x.prefix}/ticket/${ticket.ticketToken}`);
    await door.getByRole('button', { name: x.checkIn, exact: true }).click();
    await expect(door.getByTestId('door-answer').getByText(x.already, { exact: true })).toBeVisible();
    await expectAccessible(door);
    await phone.close();
  }

  // Staff with the role use the same page for their event, and may undo a mistaken scan.
  await page.setViewportSize(PHONE);
  await page.goto(`/en-us/door?event=${eventId}`);
  await expect(page.getByText('Signed in as door staff')).toBeVisible();
  const field = page.getByLabel(texts['en-us'].manual);
  await field.fill(tickets[2]!.number);
  await field.press('Enter');
  const answer = page.getByTestId('door-answer');
  await expect(answer.getByText('Checked in', { exact: true })).toBeVisible();
  await expect(page.getByTestId('door-counts')).toContainText('3 checked in');
  await page.getByRole('button', { name: 'Undo this scan' }).click();
  await expect(answer).toContainText('Scan undone');
  await expect(page.getByTestId('door-counts')).toContainText('2 checked in');
  await expectAccessible(page);
});
