import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { expect } from '../fixtures';

/**
 * A seat held on the event page (its "已為您保留名額" status) paid by card through the gateway
 * simulator, then the ticket opened from the registrations: ends on the ticket's page, checked
 * valid and in the holder's name.
 */
export async function payByCardAndOpenTicket(
  page: Page,
  held: Locator,
  { ticketType, holder }: { ticketType: string; holder: string },
): Promise<void> {
  await held.getByRole('link', { name: '前往付款' }).click();
  await expect(page).toHaveURL('/member/payment');
  await page.getByRole('button', { name: '前往付款' }).click();
  await expect(page).toHaveURL(/\/payment\/simulator$/);
  await page.getByRole('button', { name: '信用卡付款成功', exact: true }).click();
  await expect(page).not.toHaveURL(/\/payment\/simulator$/);
  await page.goto('/member/registrations');
  const row = page.getByRole('row').filter({ hasText: ticketType });
  await expect(row.getByText('報名成功', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('link', { name: '查看票券' }).click();
  await expect(page).toHaveURL(/\/ticket\/[\w-]{43}$/);
  await expect(page.getByTestId('ticket-state')).toHaveText('有效票券，可入場');
  await expect(page.getByTestId('ticket-holder')).toHaveText(holder);
}
