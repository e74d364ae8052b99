import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { draftId, previewToken } from './data';

// The expired link answers 404 on purpose.
test.use({
  allowedConsoleErrors: [
    {
      text: /^Failed to load resource: the server responded with a status of 404\b/,
      url: /\/preview\/event\/\d+\?token=/,
    },
  ],
});

// Once, in Chinese (the unprefixed address): the English preview and its expired link are checked by
// the integration tests (events-pages).
const texts = { title: '2027 年會暨國際研討會（籌備中）', banner: '預覽', expired: '預覽連結無效或已過期。' } as const;

test('preview (zh-tw) shows a draft to the holder of a signed link, and nothing without it', async ({
  page,
  request,
}) => {
  const id = await draftId(request);
  const response = await page.goto(`/preview/event/${id}?token=${previewToken(id)}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('status').filter({ hasText: texts.banner })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectAccessible(page);

  const expired = await page.goto(`/preview/event/${id}?token=${previewToken(id, -60_000)}`);
  expect(expired?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.expired);
  await expect(page.getByText(texts.title)).toHaveCount(0);
  await expectAccessible(page);
});
