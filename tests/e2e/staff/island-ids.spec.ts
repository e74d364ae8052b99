import type { Page } from '@playwright/test';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';
import { newStudentApplicant, payByCard } from '../membership/helpers';

/**
 * Each island is a React root of its own, so React's `useId` would repeat in every island of a
 * page; each island has its own id prefix instead, on the server as in the browser. The money desk
 * with a paid order has several dialogs (void the receipt, record a refund): every id on it is
 * unique before and after the islands wake, every reference names one element, and a dialog is
 * announced with its own title. Once, in Chinese.
 */

/** Ids used more than once, and references (labels, aria-labelledby/-describedby/-controls) to an id not exactly once on the page. */
async function idProblems(page: Page) {
  return page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) counts.set(el.id, (counts.get(el.id) ?? 0) + 1);
    const duplicates = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    const dangling: string[] = [];
    for (const el of document.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls], label[for]')) {
      const refs = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'for'].flatMap((a) =>
        (el.getAttribute(a) ?? '').split(/\s+/).filter(Boolean),
      );
      for (const ref of refs) if (counts.get(ref) !== 1) dangling.push(ref);
    }
    return { duplicates, dangling };
  });
}

test('every id on the money desk is unique, and a dialog is announced with its own title (zh-tw)', async ({ page }) => {
  test.slow();
  const { order, request } = await newStudentApplicant();
  await payByCard(request, order.orderId);
  await request.dispose();

  await signInPage(page, 'finance@example.org', 'Finance2026demo');
  await page.goto(`/staff/money?q=${order.number}`);
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row.getByRole('button', { name: /作廢收據/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /登記退款（訂單 .*）/ })).toBeVisible();
  // As the server sent it, and once every island on the page has woken.
  expect(await idProblems(page)).toEqual({ duplicates: [], dangling: [] });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await idProblems(page)).toEqual({ duplicates: [], dangling: [] });

  const receiptNo = (await row
    .getByText(/^收據 /)
    .first()
    .textContent())!
    .replace(/^收據\s*/, '')
    .trim();
  await expect(async () => {
    await row.getByRole('button', { name: /作廢收據/ }).click();
    await expect(page.getByRole('dialog', { name: `作廢收據 ${receiptNo}？` })).toBeVisible({ timeout: 1000 });
  }).toPass();
});
