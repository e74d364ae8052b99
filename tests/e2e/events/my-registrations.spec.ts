import type { Page } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { post, signInPage, signUpIndividual } from '../account/helpers';
import { expect, test } from '../fixtures';
import { eventTitled } from './data';

/**
 * A web user cancels their registration on their registrations page, through the confirm dialog,
 * on a phone (390 px), in each language. Each language has a seeded event of its own, whose
 * registration the admin opens first (the tests run in parallel); a cancel refused (cancelled in
 * another tab meanwhile) says why.
 */
test.use({ viewport: { width: 390, height: 844 } });

const HOUR = 3_600_000;
const PRICE = 800;

const cases = [
  {
    locale: 'zh-tw',
    prefix: '',
    event: 'Annual infection control course',
    words: {
      awaiting: '待繳費',
      payBy: /請於 .+ 前繳費/,
      pay: '前往繳費',
      cancel: '取消報名',
      cancelled: '已取消',
      refused: '此報名已無法取消',
    },
  },
  {
    locale: 'en-us',
    prefix: '/en-us',
    event: 'AI in clinical decision support (webinar)',
    words: {
      awaiting: 'Awaiting payment',
      payBy: /Pay by .+/,
      pay: 'Pay now',
      cancel: 'Cancel registration',
      cancelled: 'Cancelled',
      refused: 'This registration can no longer be cancelled',
    },
  },
] as const;

/** Opens the event's registration (one ticket type, paid) as the admin; answers its ticket type. */
async function openRegistration(admin: Page, eventId: number): Promise<number> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await admin.request.put('/api/amsw1101/events/registration', {
    headers: { Origin: origin },
    data: {
      eventId,
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: new Date(Date.now() + 5 * 24 * HOUR).toISOString(),
      ticketTypes: [
        {
          name: { 'zh-tw': '全程', 'en-us': 'Full course' },
          capacity: 20,
          prices: { members: {}, webUser: PRICE },
        },
      ],
    },
  });
  const body = (await res.json()) as { code: number; data: { ticketTypes: { ticketTypeId: number }[] } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.ticketTypes[0]!.ticketTypeId;
}

for (const { locale, prefix, event, words } of cases) {
  test(`a registrant cancels a registration through the dialog (${locale}, 390 px)`, async ({ page, browser }) => {
    const { eventId } = await eventTitled(page.request, event);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInPage(admin, 'admin@example.org', 'Admin2026demo');
    const ticketTypeId = await openRegistration(admin, eventId);
    await adminContext.close();

    const { email, password } = await signUpIndividual(page.request);
    await signInPage(page, email, password);
    const registered = await post<{ number: string; state: string }>(page.request, '/api/amsw0306/register', {
      eventId,
      ticketTypeId,
      expectedPrice: PRICE,
    });
    expect(registered.state).toBe('awaitingPayment');

    await page.goto(`${prefix}/member/registrations`);
    const row = page.getByRole('row').filter({ hasText: registered.number });
    await expect(row).toContainText(words.awaiting);
    await expect(row).toContainText(words.payBy);
    await expect(row.getByRole('link', { name: words.pay })).toHaveAttribute('href', `${prefix}/member/payment`);
    await expect(
      row.getByRole('link', { name: new RegExp(event.slice(0, 10)) }).or(row.getByRole('link').first()),
    ).toHaveAttribute('href', `${prefix}/event/detail/${eventId}`);
    await expectAccessible(page);

    await row.getByRole('button', { name: `${words.cancel} ${registered.number}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(registered.number);
    await dialog.getByRole('button', { name: words.cancel, exact: true }).click();

    const after = page.getByRole('row').filter({ hasText: registered.number });
    await expect(after).toContainText(words.cancelled);
    await expect(after.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);

    // Registered again, and cancelled in another tab meanwhile: the page's button is refused, and says why.
    const again = await post<{ registrationId: number; number: string }>(page.request, '/api/amsw0306/register', {
      eventId,
      ticketTypeId,
      expectedPrice: PRICE,
    });
    await page.reload();
    const stale = page.getByRole('row').filter({ hasText: again.number });
    await expect(stale.getByRole('button', { name: `${words.cancel} ${again.number}` })).toBeVisible();
    await post(page.request, '/api/amsw0306/cancel', { registrationId: again.registrationId });
    await stale.getByRole('button', { name: `${words.cancel} ${again.number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: words.cancel, exact: true }).click();
    await expect(stale.getByRole('alert')).toHaveText(words.refused);
    await expect(stale.getByRole('button', { name: `${words.cancel} ${again.number}` })).toBeEnabled();
    await expectAccessible(page);
  });
}
