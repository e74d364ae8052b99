import { post, signInPage, signUpIndividual } from '../account/helpers';
import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { apiContext, signInApi } from '../membership/helpers';
import { allEvents } from './data';

const PHONE = { width: 390, height: 844 };
const DAY = 24 * 3_600_000;

const texts = {
  'zh-tw': { prefix: '', heading: '入場票券', valid: '有效票券，可入場', holder: '王小明', type: '一般票' },
  'en-us': {
    prefix: '/en-us',
    heading: 'Admission ticket',
    valid: 'Valid ticket: admits its holder',
    holder: 'Wang Hsiao-Ming',
    type: 'Standard',
  },
} as const;

/**
 * A free ticket of the latest upcoming demo event, registered by a new web user (staff open its
 * registration through the API): answers the ticket's token.
 */
async function freeTicket(page: import('@playwright/test').Page): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const now = Date.now();
  const upcoming = (await allEvents(page.request))
    .filter((e) => Date.parse(e.startsAt) > now + 2 * DAY)
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  const event = upcoming[0]!;
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  const saved = await page.request.put('/api/amsw1101/events/registration', {
    headers: { Origin: origin },
    data: {
      eventId: event.eventId,
      opensAt: new Date(now - DAY).toISOString(),
      closesAt: new Date(Date.parse(event.startsAt) - DAY).toISOString(),
      ticketTypes: [
        {
          name: { 'zh-tw': texts['zh-tw'].type, 'en-us': texts['en-us'].type },
          capacity: 100,
          prices: { members: {}, webUser: 0 },
        },
      ],
    },
  });
  const setup = (await saved.json()) as { code: number; data: { ticketTypes: { ticketTypeId: number }[] } };
  expect(setup.code, JSON.stringify(setup)).toBe(0);
  await page.context().clearCookies();

  const request = await apiContext();
  const { email, password } = await signUpIndividual(request);
  await signInApi(request, email, password);
  const registration = await post<{ state: string; ticketToken: string }>(request, '/api/amsw0306/register', {
    eventId: event.eventId,
    ticketTypeId: setup.data.ticketTypes[0]!.ticketTypeId,
    expectedPrice: 0,
  });
  expect(registration.state).toBe('confirmed');
  await request.dispose();
  return registration.ticketToken;
}

test('a ticket’s page reads on a phone in both languages: valid, the holder, the QR of its address', async ({
  page,
}) => {
  test.slow();
  const token = await freeTicket(page);
  await page.setViewportSize(PHONE);
  for (const locale of ['zh-tw', 'en-us'] as const) {
    const x = texts[locale];
    const response = await page.goto(`${x.prefix}/ticket/${token}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('ticket-state')).toHaveText(x.valid);
    await expect(page.getByTestId('ticket-holder')).toHaveText(x.holder);
    await expect(page.getByText(x.type, { exact: true })).toBeVisible();
    const qr = page.getByTestId('ticket-qr');
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('data-url', new RegExp(`${x.prefix}/ticket/${token}$`));
    const box = (await qr.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
  }
});
