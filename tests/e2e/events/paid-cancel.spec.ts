import { expectAccessible } from '../a11y';
import { post, signInPage, signUpIndividual } from '../account/helpers';
import { expect, test } from '../fixtures';
import { eventTitled } from './data';

/**
 * A paid registration cancelled (zh-tw, on a phone): the registrant, paid by card, is told on
 * their registrations page what a cancellation would refund under the event's rule; the events
 * desk cancels it through its dialog with another refund, refused above what was paid, and the
 * registrant then sees the refund due. The seeded event is this spec's alone.
 */
test.use({ viewport: { width: 390, height: 844 } });

const HOUR = 3_600_000;
const PRICE = 1000;
const EVENT = 'Medical ethics and law: continuing education course';

test('the events desk cancels a paid registration with its refund, and the registrant sees it', async ({
  page,
  browser,
}) => {
  const { eventId } = await eventTitled(page.request, EVENT);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInPage(admin, 'admin@example.org', 'Admin2026demo');
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // Months ahead: 80% back from 30 days before.
  const opened = await admin.request.put('/api/amsw1101/events/registration', {
    headers: { Origin: origin },
    data: {
      eventId,
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: new Date(Date.now() + 5 * 24 * HOUR).toISOString(),
      refundRule: { steps: [{ daysBefore: 30, percent: 80 }] },
      ticketTypes: [
        { name: { 'zh-tw': '全程', 'en-us': 'Full meeting' }, capacity: 20, prices: { members: {}, webUser: PRICE } },
      ],
    },
  });
  const setup = (await opened.json()) as { code: number; data: { ticketTypes: { ticketTypeId: number }[] } };
  expect(setup.code).toBe(0);

  const { email, password } = await signUpIndividual(page.request);
  await signInPage(page, email, password);
  const registered = await post<{ number: string; state: string }>(page.request, '/api/amsw0306/register', {
    eventId,
    ticketTypeId: setup.data.ticketTypes[0]!.ticketTypeId,
    expectedPrice: PRICE,
  });
  expect(registered.state).toBe('awaitingPayment');
  await page.goto('/member/payment');
  await page.getByRole('button', { name: '前往付款' }).click();
  await expect(page).toHaveURL(/\/payment\/simulator$/);
  await page.getByRole('button', { name: '信用卡付款成功', exact: true }).click();
  await expect(page).not.toHaveURL(/\/payment\/simulator$/);

  // Paid, before the deadline: the refund a cancellation would give is said beside the button.
  await page.goto('/member/registrations');
  const row = page.getByRole('row').filter({ hasText: registered.number });
  await expect(row).toContainText('報名成功');
  await expect(row).toContainText('現在取消，依活動退費規定將退還新臺幣 800 元。');
  await expect(row.getByRole('button', { name: `取消報名 ${registered.number}` })).toBeVisible();
  await expectAccessible(page);

  // The desk cancels it with another refund: above what was paid is refused beside the field.
  await admin.goto(`/staff/events/${eventId}?q=${registered.number}`);
  const deskRow = admin.getByRole('row').filter({ hasText: registered.number });
  await expect(deskRow).toContainText('已繳 1,000 元');
  const cancel = deskRow.getByRole('button', { name: new RegExp(`^取消報名 ${registered.number}`) });
  // On a phone the row's actions are below the fold: scrolled to as a person would.
  await cancel.scrollIntoViewIfNeeded();
  await cancel.click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('依活動退費規定今日為 800 元');
  const refund = dialog.getByLabel('應退金額（新臺幣）');
  await expect(refund).toHaveValue('800');
  await refund.fill('1200');
  await dialog.getByRole('button', { name: '取消報名', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('退款金額須為 0 至 1,000 元之間的整數。');
  await expect(refund).toBeFocused();
  await refund.fill('500');
  await dialog.getByRole('button', { name: '取消報名', exact: true }).click();
  const cancelled = admin.getByRole('row').filter({ hasText: registered.number });
  await expect(cancelled).toContainText('已取消');
  await expect(cancelled).toContainText('應退 500 元');
  await expect(cancelled.getByRole('button')).toHaveCount(0);
  await expectAccessible(admin);
  await adminContext.close();

  await page.reload();
  const after = page.getByRole('row').filter({ hasText: registered.number });
  await expect(after).toContainText('已取消');
  await expect(after).toContainText('應退款項：新臺幣 500 元');
  await expect(after.getByRole('button')).toHaveCount(0);
});
