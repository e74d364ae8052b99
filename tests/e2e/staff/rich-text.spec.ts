import { signInPage } from '../account/helpers';
import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';

/**
 * An editor formats an article's text without writing HTML (DESIGN.md §19, Content): with the
 * keyboard only, the toolbar (one tab stop, arrow keys between its buttons) makes a heading, a
 * bulleted list and a link (its address asked in a dialog, which refuses a `javascript:` one),
 * Ctrl+B makes bold text; the published article on the public site shows them as HTML. Once, in
 * Chinese (the unprefixed address), typing Chinese text; the English editor is the next test's, and
 * the English article form is checked by the integration tests (staff-content).
 */
// Publishing empties the page cache the content specs count on: one after another, in one worker.
test.describe.configure({ mode: 'default' });

const words = {
  title: '標題（中文）',
  body: '內文（中文）',
  toolbar: '「內文（中文）」的格式工具',
  paragraph: '段落',
  h2: 'H2 標題',
  boldTool: '粗體',
  bulletList: '項目清單',
  link: '連結',
  address: '網址',
  wrong: '請輸入以 https://、http://、mailto:、tel: 或 / 開頭的網址。',
  publish: '發布',
  done: '已發布，網站上已可看到。',
  heading: '報名須知',
  before: '會員',
  bold: '須先報名',
  item: '第一天課程',
  linkText: '簡章',
};

test("an editor formats an article's text with the keyboard and the site shows it (zh-tw)", async ({
  page,
  request,
}) => {
  // Staff sign-ins share the authenticator's 30-second steps with the other staff tests: allow for the wait.
  test.setTimeout(120_000);
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/staff/content/articles/new');
  const body = page.getByRole('textbox', { name: words.body });
  const toolbar = page.getByRole('toolbar', { name: words.toolbar });
  const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await expect(body).toHaveAttribute('lang', 'zh-Hant');
  await expectAccessible(page);

  await page.getByLabel(words.title).fill(`格式測試 ${Date.now()}`);
  await body.focus();
  // Shift+Tab reaches the toolbar at its one tab stop; the arrow keys move along it.
  await page.keyboard.press('Shift+Tab');
  await expect(tool(words.paragraph)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tool(words.h2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tool(words.h2)).toHaveAttribute('aria-pressed', 'true');
  await expect(body).toBeFocused();
  await page.keyboard.type(words.heading);
  await page.keyboard.press('Enter');

  await page.keyboard.type(words.before);
  await page.keyboard.press('Control+b');
  await expect(tool(words.boldTool)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type(words.bold);
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');

  // Back to the toolbar (at the heading button, the one last used) and along to the list.
  await page.keyboard.press('Shift+Tab');
  await expect(tool(words.h2)).toBeFocused();
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await expect(tool(words.bulletList)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(body).toBeFocused();
  await page.keyboard.type(words.item);
  await page.keyboard.press('Enter');
  await page.keyboard.type(words.linkText);
  // Text typed as composed characters (Chinese) reaches the editor a moment later: select it once it is there.
  await expect(body.getByRole('listitem').last()).toHaveText(words.linkText);
  for (let i = 0; i < words.linkText.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => page.evaluate(() => String(window.getSelection()))).toBe(words.linkText);

  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(tool(words.link)).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: words.link });
  const address = dialog.getByLabel(words.address);
  await expect(address).toBeFocused();
  // An address that is not a web, mail or phone address, nor a page of the site, is refused.
  await page.keyboard.type('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(words.wrong);
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await address.fill('');
  await page.keyboard.type('https://example.org/leaflet');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(body).toBeFocused();
  await expect(body.getByRole('link', { name: words.linkText })).toHaveAttribute('href', 'https://example.org/leaflet');

  await page.getByRole('button', { name: words.publish, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: words.done })).toBeVisible();
  const articleId = /\/staff\/content\/articles\/(\d+)/.exec(page.url())?.[1];
  expect(articleId).toBeTruthy();
  // The editor opens the saved text again as formatted text.
  await expect(body.getByRole('heading', { level: 2, name: words.heading })).toBeVisible();

  const html = await (await request.get(`/article/detail/${articleId}`)).text();
  expect(html).toContain(`<h2>${words.heading}</h2>`);
  expect(html).toContain(`<strong>${words.bold}</strong>`);
  expect(html).toMatch(new RegExp(`<li>(<p>)?${words.item}`));
  expect(html).toMatch(new RegExp(`<a href="https://example.org/leaflet"[^>]*>${words.linkText}</a>`));
});

/**
 * A text with parts the editor cannot hold (a table) stays HTML source: "HTML" shows the source,
 * switching back says why it cannot, and the saved article opens again as source with the table
 * kept, so the editor never drops what it cannot show.
 */
test('a text with a table is written and kept as HTML source (en-us)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/en-us/staff/content/articles/new');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting of “Text (Chinese)”' });
  const source = toolbar.getByRole('button', { name: 'Edit as HTML' });
  await expect(page.getByRole('textbox', { name: 'Text (Chinese)' })).toHaveAttribute('contenteditable', 'true');
  await page.getByLabel('Title (Chinese)').fill(`表格 ${Date.now()}`);
  await source.click();
  await expect(source).toHaveAttribute('aria-pressed', 'true');
  const area = page.getByRole('textbox', { name: 'Text (Chinese)' });
  await expect(area).toBeFocused();
  const table = '<table><tbody><tr><td>Fee</td><td>1,500</td></tr></tbody></table>';
  await area.fill(`<p>Fees:</p>${table}`);
  await source.click();
  const kept = 'This text has parts the editor cannot show (<table> <tbody> <tr> <td>), so it is edited as HTML.';
  await expect(page.getByRole('status').filter({ hasText: kept })).toBeVisible();
  await expect(source).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: it is on the site now.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: kept })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Text (Chinese)' })).toHaveValue(`<p>Fees:</p>${table}`);
  const articleId = /\/staff\/content\/articles\/(\d+)/.exec(page.url())?.[1];
  expect(await (await request.get(`/article/detail/${articleId}`)).text()).toContain(table);
});

/**
 * The picture button inserts one of the society's pictures, chosen by its thumbnail, with the words
 * that stand for it; the saved article opens again with the picture in the editor (not as source),
 * and the site shows it with its alternative text.
 */
test('an editor inserts a picture from the files with its alternative text (en-us)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInPage(page, 'admin@example.org', 'Admin2026demo');
  await page.goto('/en-us/staff/content/articles/new');
  const body = page.getByRole('textbox', { name: 'Text (English)' });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting of “Text (English)”' });
  await expect(body).toHaveAttribute('contenteditable', 'true');
  // The form with its cover thumbnails.
  await expectAccessible(page);
  await page.getByLabel('Title (Chinese)').fill(`圖片 ${Date.now()}`);
  await body.click();
  await page.keyboard.type('The board met in May.');
  await toolbar.getByRole('button', { name: 'Insert a picture', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert a picture' });
  await expect(dialog).toBeVisible();
  // Nothing chosen, then no words for it: each asked for.
  await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(dialog.getByText('Please choose a picture')).toBeVisible();
  const choice = dialog.getByRole('radio').first();
  const picked = (await choice.locator('xpath=..').textContent())!.trim();
  await choice.check({ force: true });
  await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(dialog.getByText('Please say what the picture shows')).toBeVisible();
  await dialog.getByLabel('What the picture shows (for readers who cannot see it)').fill('The board in May');
  await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(body.getByRole('img', { name: 'The board in May' })).toBeVisible();
  expect(picked).not.toBe('');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: it is on the site now.' })).toBeVisible();
  // Opened again, the text is still in the editor, picture and all.
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await expect(body.getByRole('img', { name: 'The board in May' })).toBeVisible();
  const articleId = /\/staff\/content\/articles\/(\d+)/.exec(page.url())?.[1];
  const html = await (await request.get(`/en-us/article/detail/${articleId}`)).text();
  expect(html).toMatch(/<img src="\/api\/amsw1002\?fileId=\d+" alt="The board in May"/);
});
