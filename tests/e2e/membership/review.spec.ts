import { expectAccessible } from '../a11y';
import { post, signInPage, signUpIndividual } from '../account/helpers';
import { expect, test } from '../fixtures';
import { apiContext, classIdOf, signInApi, uploadDocument } from './helpers';

/** A new web user applies for the regular (reviewed) class with a licence scan, through the API. */
async function applicationToReview() {
  const request = await apiContext();
  const { email, password } = await signUpIndividual(request);
  await signInApi(request, email, password);
  const fileId = await uploadDocument(request, 'licence.pdf');
  const app = await post<{ applicationId: number; number: string }>(request, '/api/amsw0401/join', {
    memberClassId: await classIdOf(request, 'regular'),
    documents: [{ key: 'licence', fileId }],
    agreeTerms: true,
  });
  const stateOf = async () =>
    (
      (await (await request.get(`/api/amsw0401/application?applicationId=${app.applicationId}`)).json()) as {
        data: { state: string; reviewComment: string | null };
      }
    ).data;
  return { ...app, stateOf, dispose: () => request.dispose() };
}

// Once, in English, rejecting with a comment to the applicant: the Chinese desk and review page are
// checked by the integration tests (membership-review-pages).
const comment = 'The licence has expired.';
const texts = {
  desk: 'Reviews',
  noConflict: 'I have no conflict of interest',
  licence: /Copy of the healthcare practising licence: licence\.pdf/,
  record: 'Record the decision',
  chooseOne: 'Please choose a decision',
  returnIt: /^Return for changes/,
  commentNeeded: 'Please give the applicant a comment when you reject or return an application',
  choice: /^Reject/,
  confirm: 'Reject',
  done: 'Your decision is recorded and the applicant has been told.',
  state: 'rejected',
};

test('a reviewer declares no conflict, reads a join application and rejects it with a comment (en-us)', async ({
  page,
}) => {
  // An applicant signs up and applies first (two captchas), then three pages are scanned.
  test.slow();
  const app = await applicationToReview();
  await signInPage(page, 'reviewer@example.org', 'Reviewer2026demo');
  await page.goto('/en-us/member/review');
  await expect(page.getByRole('heading', { level: 1, name: texts.desk })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: app.number }).click();
  await expect(page).toHaveURL(new RegExp(`/member/membershipReview/${app.applicationId}$`));
  // The review page is a page of the site: its header and footer are there.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Nothing of the application before the declaration.
  await expect(page.getByRole('link', { name: texts.licence })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: texts.noConflict }).click();
  await expect(page.getByRole('link', { name: texts.licence })).toBeVisible();
  await expectAccessible(page);

  // A decision must be chosen, and a return needs a comment; the page says so at the field.
  await page.getByRole('button', { name: texts.record }).click();
  await expect(page.getByText(texts.chooseOne)).toBeVisible();
  await page.getByRole('radio', { name: texts.returnIt }).check();
  await page.getByRole('button', { name: texts.record }).click();
  await expect(page.locator('#field-comment-error')).toHaveText(texts.commentNeeded);
  await expect(page.locator('#field-comment')).toBeFocused();

  await page.getByRole('radio', { name: texts.choice }).check();
  await page.locator('#field-comment').fill(comment);
  await page.locator('#field-staffNote').fill('checked against the register');
  await page.getByRole('button', { name: texts.record }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: texts.confirm, exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: texts.done })).toBeVisible();
  await expect(page.getByText('checked against the register')).toBeVisible();
  await expect(page.getByRole('button', { name: texts.record })).toHaveCount(0);
  expect(await app.stateOf()).toMatchObject({ state: texts.state, reviewComment: comment });

  // Decided: off the desk.
  await page.goto('/en-us/member/review');
  await expect(page.getByRole('link', { name: app.number })).toHaveCount(0);
  await app.dispose();
});

test.describe('without the queue’s role', () => {
  // The refusals answer 403, which the browser logs.
  test.use({ allowedConsoleErrors: [{ text: /status of 403/ }] });

  test('the desk and review pages are for the queue’s reviewers only', async ({ page }) => {
    const app = await applicationToReview();
    await signInPage(page, 'member@example.org', 'Member2026demo');
    // No reviewer role: no link to the desk, and the desk says how roles are granted.
    await page.goto('/member/center');
    await expect(page.getByRole('link', { name: '審查管理' })).toHaveCount(0);
    const desk = await page.goto('/member/review');
    expect(desk?.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('您目前沒有審查權限。審查權限由學會秘書處授予。');
    const item = await page.goto(`/en-us/member/membershipReview/${app.applicationId}`);
    expect(item?.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText("This page is for the society's reviewers of this queue.");
    await app.dispose();
  });
});
