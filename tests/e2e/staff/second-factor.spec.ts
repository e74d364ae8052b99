import { expectAccessible } from '../a11y';
import { freshStaffCode, freshStaffCodes } from '../account/helpers';
import { expect, test } from '../fixtures';

// The roles desk answers 403 to staff who are not admins: the browser logs the status.
test.use({ allowedConsoleErrors: [{ text: /status of 403/, url: /\/en-us\/staff\/roles$/ }] });

/**
 * Staff sign in with the password, then a code from their authenticator app (DESIGN.md §19):
 * the sign-in form leads to the second factor, and the staff tools open after it. Each test signs
 * its own demo staff account in (a code is taken once per account).
 */
test('finance signs in, is asked for the code, and reaches the bank transfers it was going to', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login?redirect=/member/remittances');
  await page.locator('#field-account').fill('finance@example.org');
  await page.locator('#field-password').fill('Finance2026demo');
  await page.locator('#field-password').press('Enter');
  await expect(page).toHaveURL(/\/staff\/verify\?redirect=%2Fmember%2Fremittances$/);
  await expect(page.getByRole('heading', { name: '第二道驗證' })).toBeVisible();
  await expectAccessible(page);

  const code = page.getByLabel('驗證碼', { exact: true });
  await code.fill('000000');
  await code.press('Enter');
  await expect(page.locator('#field-code-error')).toContainText('驗證碼不正確或已使用過');
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  await code.fill(await freshStaffCode(baseURL!, 'finance@example.org'));
  await code.press('Enter');
  await expect(page).toHaveURL(/\/member\/remittances$/);
  await expect(page.getByRole('heading', { name: '匯款確認', level: 1 })).toBeVisible();
  await expect(page.getByText('本次登入尚未完成第二道驗證')).toHaveCount(0);
});

test('the editor-in-chief signs in in English and lands in the staff console with their sections', async ({
  page,
  baseURL,
}) => {
  await page.goto('/en-us/login');
  await page.locator('#field-account').fill('editor@example.org');
  await page.locator('#field-password').fill('Editor2026demo');
  await page.locator('#field-password').press('Enter');
  await expect(page).toHaveURL(/\/en-us\/staff\/verify$/);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();

  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeVisible();
  await page.getByRole('button', { name: 'Use the code from the app' }).click();
  const code = page.getByLabel('Code', { exact: true });
  await code.fill(await freshStaffCode(baseURL!, 'editor@example.org'));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/en-us\/staff$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByText('Editor-in-chief (papers)')).toBeVisible();
  const console = page.getByRole('navigation', { name: 'Staff console' });
  await expect(console.getByRole('link', { name: 'Review desk' })).toBeVisible();
  // The admin's desk is not theirs: not offered, and refused when typed.
  await expect(console.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  const refused = await page.goto('/en-us/staff/roles');
  expect(refused?.status()).toBe(403);
  await expect(page.getByText('Your staff roles do not include this page')).toBeVisible();
  await expectAccessible(page);
});

/**
 * Passkeys with Chromium's virtual authenticator (DevTools protocol): the admin adds one on the
 * overview, passes the factor with it at the next sign-in, and removes it for a code. The page is
 * opened on `localhost`, the relying party of a server without SITE_URL.
 */
test('the admin adds a passkey, signs in with it, and removes it for a code', async ({ page, baseURL }) => {
  const client = await page.context().newCDPSession(page);
  await client.send('WebAuthn.enable');
  await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const codes = freshStaffCodes(baseURL!, 'admin@example.org');
  const site = baseURL!.replace('127.0.0.1', 'localhost');
  const signIn = async () => {
    await page.goto(`${site}/en-us/login?redirect=/staff`);
    await page.locator('#field-account').fill('admin@example.org');
    await page.locator('#field-password').fill('Admin2026demo');
    await page.locator('#field-password').press('Enter');
    await expect(page).toHaveURL(/\/en-us\/staff\/verify\?redirect=%2Fstaff$/);
  };

  await signIn();
  // No passkey yet: only the code is asked for.
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
  await page.getByLabel('Code', { exact: true }).fill(await codes());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/en-us\/staff$/);

  const passkeys = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) });
  await expect(passkeys.getByText('No passkey registered yet.')).toBeVisible();
  await passkeys.getByLabel('Name').fill('Office laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByText('Office laptop')).toBeVisible();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expectAccessible(page);

  await page.context().clearCookies();
  await signIn();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/en-us\/staff$/);
  await expect(passkeys.getByText(/Added .* · last used/)).toBeVisible();

  await passkeys.getByRole('button', { name: 'Remove: Office laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the passkey “Office laptop”?' });
  await dialog.getByLabel('Code', { exact: true }).fill(await codes());
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(passkeys.getByText('No passkey registered yet.')).toBeVisible();
});
