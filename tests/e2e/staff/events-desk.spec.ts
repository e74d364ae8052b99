import { expectAccessible } from '../a11y';
import { post, signInPage, signUpIndividual } from '../account/helpers';
import { allEvents } from '../events/data';
import { expect, test } from '../fixtures';

/**
 * The events desk (issue 47): staff set up an event's registration with two ticket types through
 * the form, see a web user's registration on the event's desk and approve it through the confirm
 * dialog. Once in Chinese on a phone and once in English on a wide screen, each on a demo event of
 * its own (the tests run in parallel), with an accessibility scan of the form and the desk.
 */
const DAY = 86_400_000;

const cases = [
  {
    locale: 'zh-tw',
    prefix: '',
    width: 390,
    pick: 0,
    words: {
      setUp: '開設報名',
      opens: '開始報名',
      closes: '截止報名',
      approval: '報名需經審核',
      type: (n: number) => `票種 ${n}`,
      nameZh: '名稱（中文）',
      capacity: '名額',
      webUser: '網路會員與訪客',
      addType: '新增票種',
      save: '儲存報名設定',
      saved: '報名設定已儲存。',
      awaiting: '待審核',
      approve: '核准',
      confirmed: '已確認',
    },
  },
  {
    locale: 'en-us',
    prefix: '/en-us',
    width: 1280,
    pick: 1,
    words: {
      setUp: 'Set up registration',
      opens: 'Registration opens',
      closes: 'Registration closes',
      approval: 'Registrations wait for the desk’s approval',
      type: (n: number) => `Ticket type ${n}`,
      nameZh: 'Name (Chinese)',
      capacity: 'Capacity',
      webUser: 'Web users and visitors',
      addType: 'Add a ticket type',
      save: 'Save the setup',
      saved: 'The registration setup was saved.',
      awaiting: 'Awaiting approval',
      approve: 'Approve',
      confirmed: 'Confirmed',
    },
  },
] as const;

/** A Taipei `datetime-local` value `days` from now. */
const taipeiLocal = (days: number) => new Date(Date.now() + days * DAY + 8 * 3_600_000).toISOString().slice(0, 16);

for (const { locale, prefix, width, pick, words } of cases) {
  test.describe(`at ${width} px in ${locale}`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    test('staff set up registration with two ticket types, see a registration and approve it', async ({
      page,
      browser,
    }) => {
      test.slow();
      // Upcoming demo events other browser tests leave alone (the latest is the ticket test's), and
      // those the demo opened registration on.
      const taken = [
        'Annual infection control course',
        'Medical ethics and law: continuing education course',
        'AI in clinical decision support (webinar)',
        'Simulation instructor course',
        'Asia-Pacific Clinical Education Summit 2026',
      ];
      const upcoming = (await allEvents(page.request))
        .filter((e) => Date.parse(e.startsAt) > Date.now() + 3 * DAY && !taken.includes(e.title))
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
        .slice(0, -1);
      const event = upcoming[pick]!;

      await signInPage(page, 'admin@example.org', 'Admin2026demo');
      await page.goto(`${prefix}/staff/events`);
      await page.locator(`a[href="${prefix}/staff/events/${event.eventId}/setup"]`).first().click();
      await expect(page.getByRole('button', { name: words.save })).toBeEnabled();
      await page.getByLabel(words.opens).fill(taipeiLocal(-1));
      await page.getByLabel(words.closes).fill(taipeiLocal(2));
      await page.getByLabel(words.approval).check();
      const first = page.getByRole('group', { name: words.type(1), exact: true });
      await first.getByLabel(words.nameZh).fill('全程');
      await first.getByLabel(words.capacity).fill('40');
      await first.getByLabel(words.webUser).fill('0');
      await page.getByRole('button', { name: words.addType }).click();
      const second = page.getByRole('group', { name: words.type(2), exact: true });
      await expect(second.getByLabel(words.nameZh)).toBeFocused();
      await second.getByLabel(words.nameZh).fill('工作坊');
      await second.getByLabel(words.capacity).fill('12');
      await second.getByLabel(words.webUser).fill('0');
      await expectAccessible(page);
      await page.getByRole('button', { name: words.save }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/staff/events/${event.eventId}\\?done=saved$`));
      await expect(page.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: '工作坊' })).toContainText('12');

      // A web user registers for the workshop.
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      const { email, password } = await signUpIndividual(visitor.request);
      await signInPage(visitor, email, password);
      const options = await visitor.request.get(`/api/amsw0306?eventId=${event.eventId}`);
      const types = ((await options.json()) as { data: { ticketTypes: { ticketTypeId: number; name: string }[] } }).data
        .ticketTypes;
      expect(types).toHaveLength(2);
      const registered = await post<{ number: string; state: string }>(visitor.request, '/api/amsw0306/register', {
        eventId: event.eventId,
        ticketTypeId: types[1]!.ticketTypeId,
        expectedPrice: 0,
      });
      expect(registered.state).toBe('awaitingApproval');
      await visitorContext.close();

      await page.goto(`${prefix}/staff/events/${event.eventId}`);
      const row = page.getByRole('row').filter({ hasText: registered.number });
      await expect(row).toContainText(email);
      await expect(row).toContainText(words.awaiting);
      await expectAccessible(page);
      await row.getByRole('button', { name: new RegExp(`^${words.approve} ${registered.number}`) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(registered.number);
      await dialog.getByRole('button', { name: words.approve, exact: true }).click();
      await expect(page.getByRole('row').filter({ hasText: registered.number })).toContainText(words.confirmed);
    });
  });
}
