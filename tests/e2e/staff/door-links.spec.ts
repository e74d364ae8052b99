import { expectAccessible } from '../a11y';
import { signInPage } from '../account/helpers';
import { eventTitled, openRegistration } from '../events/data';
import { expect, test } from '../fixtures';

/**
 * Door links on an event's desk (issue 47, decision record 041): staff make one, see its address
 * and QR once, a volunteer's phone (390 px, no account) opens it and lands on the check-in page;
 * staff revoke it after a confirmation and the phone is told the link no longer works. Once in
 * Chinese on a phone and once in English on a wide screen, each on a seeded event of its own that
 * no other browser test uses (the tests run in parallel).
 */
const PHONE = { width: 390, height: 844 };

const cases = [
  {
    locale: 'zh-tw',
    prefix: '',
    width: 390,
    event: 'Eastern regional meeting (Hualien)',
    label: '東側門',
    words: {
      title: '入口連結',
      openDoor: '開啟報到頁',
      doorTitle: '入場報到',
      name: '入口名稱',
      make: '建立入口連結',
      required: '請填寫入口名稱',
      once: '之後不會再顯示',
      copy: '複製網址',
      done: '完成',
      active: '有效',
      revoke: '撤銷',
      revoked: '已撤銷',
      door: '入口：東側門',
      gone: '此入口連結已被撤銷',
      none: '此頁面供入口工作人員使用',
    },
  },
  {
    locale: 'en-us',
    prefix: '/en-us',
    width: 1280,
    event: 'Advanced cardiac life support refresher',
    label: 'East door',
    words: {
      title: 'Door links',
      openDoor: 'Open the check-in page',
      doorTitle: 'Check-in at the door',
      name: 'Door name',
      make: 'Make a door link',
      required: 'Please fill in Door name',
      once: 'will not be shown again',
      copy: 'Copy the address',
      done: 'Done',
      active: 'Active',
      revoke: 'Revoke',
      revoked: 'Revoked',
      door: 'Door: East door',
      gone: 'This door link has been revoked',
      none: 'This page is for door staff',
    },
  },
] as const;

for (const { locale, prefix, width, event: title, label, words } of cases) {
  test.describe(`at ${width} px in ${locale}`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    test('staff make a door link shown once, a phone opens it, staff revoke it and the phone is stopped', async ({
      page,
      browser,
    }) => {
      test.slow();
      const origin = new URL(test.info().project.use.baseURL!).origin;
      const event = await eventTitled(page.request, title);
      const { eventId } = event;
      await signInPage(page, 'admin@example.org', 'Admin2026demo');
      await openRegistration(page.request, origin, event, {
        ticketTypes: [{ name: { 'zh-tw': '全程' }, capacity: 20, prices: { members: {}, webUser: 0 } }],
      });

      await page.goto(`${prefix}/staff/events/${eventId}`);
      const doors = page.getByRole('region', { name: words.title });
      await expect(doors.getByRole('link', { name: words.openDoor })).toHaveAttribute(
        'href',
        `${prefix}/door?event=${eventId}`,
      );
      // A door link needs a name: the form says so in words.
      const make = doors.getByRole('button', { name: words.make });
      // The island starts once it is in view (below the fold on a phone).
      await make.scrollIntoViewIfNeeded();
      await expect(make).toBeEnabled();
      await make.click();
      await expect(doors.getByLabel(words.name)).toBeFocused();
      await expect(doors.getByText(words.required).last()).toBeVisible();

      await doors.getByLabel(words.name).fill(label);
      // Pressed twice, made once.
      await make.dblclick();
      const url = doors.getByTestId('door-link-url');
      await expect(url).toContainText(`${prefix}/door/`);
      const address = (await url.textContent())!.trim();
      await expect(doors.getByText(words.once)).toBeVisible();
      await expect(doors.getByRole('img', { name: new RegExp(label) }).locator('svg')).toBeVisible();
      await expect(doors.getByRole('button', { name: words.copy })).toBeVisible();
      const listed = doors.getByTestId('door-link').filter({ hasText: label });
      await expect(listed).toHaveCount(1);
      await expect(listed).toContainText(words.active);
      // The form is ready for the next door: empty, nothing marked.
      await expect(doors.getByLabel(words.name)).toHaveValue('');
      await expect(doors.getByText(words.required)).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);

      // The address is not shown again: not when the panel is closed, not on the page's next visit.
      await doors.getByRole('button', { name: words.done }).click();
      await expect(url).toHaveCount(0);
      await page.reload();
      await expect(doors.getByTestId('door-link').filter({ hasText: label })).toHaveCount(1);
      expect(await page.content()).not.toContain(new URL(address).pathname);

      // The volunteer's phone: no account, only the door link.
      const phone = await browser.newContext({ viewport: PHONE });
      const door = await phone.newPage();
      await door.goto(new URL(address).pathname);
      await expect(door).toHaveURL(new RegExp(`${prefix}/door$`));
      await expect(door.getByRole('heading', { level: 1, name: words.doorTitle })).toBeVisible();
      await expect(door.getByText(words.door)).toBeVisible();
      await expectAccessible(door);

      // Staff revoke it after a confirmation.
      await doors.getByRole('button', { name: new RegExp(`${words.revoke}.*${label}`) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(label);
      await dialog.getByRole('button', { name: words.revoke, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(doors.getByTestId('door-link').filter({ hasText: label })).toContainText(words.revoked);
      await expect(doors.getByRole('button', { name: new RegExp(`${words.revoke}.*${label}`) })).toHaveCount(0);
      await expectAccessible(page);

      // The phone's next page stops at the door, and the link itself says it was revoked.
      await door.reload();
      await expect(door.getByTestId('door-none')).toContainText(words.none);
      await door.goto(new URL(address).pathname);
      await expect(door.getByTestId('door-link-state')).toContainText(words.gone);
      await expectAccessible(door);
      await phone.close();
    });
  });
}
