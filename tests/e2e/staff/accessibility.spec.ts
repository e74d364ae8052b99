import type { Page } from '@playwright/test';
import { signInPage, solvedCaptcha, post } from '../account/helpers';
import { expectAccessible } from '../a11y';
import { expect, test } from '../fixtures';
import { staffPages } from '../../setup/staff-pages';

/**
 * Every page of the staff console is scanned with axe (serious and critical violations) as the
 * demo staff who use it, at 1280 and 390 px, in both languages. The list below must name every
 * page file under src/pages/staff (the first test fails when a new one is missing), so a new
 * console page cannot go unscanned; a page about one object is opened with the first demo object
 * of its kind linked from the page named in `from`.
 */

type Staff = 'admin' | 'finance' | 'editor';

/** The demo staff (README): the office manager (admin, office, editor, continuing education), finance, the editor-in-chief. */
const STAFF: Record<Staff, { account: string; password: string }> = {
  admin: { account: 'admin@example.org', password: 'Admin2026demo' },
  finance: { account: 'finance@example.org', password: 'Finance2026demo' },
  editor: { account: 'editor@example.org', password: 'Editor2026demo' },
};

interface ConsolePage {
  /** Who opens it (each scans it). */
  as: Staff[];
  /** For a page about one object: the page whose first link of this page's shape gives the object. */
  from?: string;
}

/** The console's pages by their file's route (`[param]` for a path parameter). */
const CONSOLE: Record<string, ConsolePage> = {
  '/staff': { as: ['admin', 'finance', 'editor'] },
  '/staff/queues': { as: ['admin', 'editor'] },
  '/staff/reports': { as: ['admin', 'finance'] },
  '/staff/reports/members': { as: ['admin'] },
  '/staff/reports/finance': { as: ['admin', 'finance'] },
  '/staff/reports/compliance': { as: ['admin'] },
  '/staff/reports/courses': { as: ['admin'] },
  '/staff/money': { as: ['finance'] },
  '/staff/money/statement': { as: ['finance'] },
  '/staff/money/surplus': { as: ['finance'] },
  '/staff/events': { as: ['admin'] },
  '/staff/events/[eventId]': { as: ['admin'], from: '/staff/events' },
  '/staff/events/[eventId]/report': { as: ['admin'], from: '/staff/events/[eventId]' },
  '/staff/events/[eventId]/setup': { as: ['admin'], from: '/staff/events' },
  '/staff/people': { as: ['admin'] },
  '/staff/people/[accountId]': { as: ['admin'], from: '/staff/people?q=member%40example.org' },
  '/staff/people/import': { as: ['admin'] },
  '/staff/roles': { as: ['admin'] },
  '/staff/audit': { as: ['admin'] },
  '/staff/settings': { as: ['admin'] },
  '/staff/settings/[section]': { as: ['admin'], from: '/staff/settings' },
  '/staff/settings/file': { as: ['admin'] },
  '/staff/settings/mail': { as: ['admin'] },
  '/staff/content': { as: ['admin'] },
  '/staff/content/articles': { as: ['admin'] },
  '/staff/content/articles/[articleId]': { as: ['admin'], from: '/staff/content/articles' },
  '/staff/content/categories': { as: ['admin'] },
  '/staff/content/categories/[categoryId]': { as: ['admin'], from: '/staff/content/categories' },
  '/staff/content/events': { as: ['admin'] },
  '/staff/content/events/[eventId]': { as: ['admin'], from: '/staff/content/events' },
  '/staff/content/files': { as: ['admin'] },
  '/staff/content/home': { as: ['admin'] },
  '/staff/content/home/[blockId]': { as: ['admin'], from: '/staff/content/home' },
  '/staff/content/journals': { as: ['admin'] },
  '/staff/content/journals/[journalListId]': { as: ['admin'], from: '/staff/content/journals' },
  '/staff/content/journals/issues/[journalNumberId]': {
    as: ['admin'],
    from: '/staff/content/journals/[journalListId]',
  },
  '/staff/content/pages': { as: ['admin'] },
  '/staff/content/pages/[pageId]': { as: ['admin'], from: '/staff/content/pages' },
  '/staff/content/webInfo': { as: ['admin'] },
  // The second factor's page, to a session that has given the password only (scanned on its own below).
  '/staff/verify': { as: [] },
};

test('the scan names every page of the staff console', () => {
  expect(Object.keys(CONSOLE).sort()).toEqual(staffPages());
});

const LOCALES = ['zh-tw', 'en-us'] as const;
const WIDTHS = [1280, 390] as const;

/** A route's address in a language (zh-tw has no prefix). */
function localised(address: string, locale: (typeof LOCALES)[number]): string {
  return locale === 'zh-tw' ? address : `/en-us${address}`;
}

/** Whether an unprefixed path is of the route's shape: each `[param]` one segment, not a page of its own nor `new`. */
function ofShape(route: string, href: string): boolean {
  const shape = new RegExp(`^${route.replace(/\[[^\]]+\]/g, '(?!new$)[^/]+')}$`);
  return shape.test(href) && !Object.hasOwn(CONSOLE, href);
}

/** Visits (without scanning) the pages needed to find a demo object for `route`, answering its address. */
async function addressOf(page: Page, route: string, locale: (typeof LOCALES)[number], seen: Set<string>) {
  const from = CONSOLE[route]!.from;
  if (!from) return route;
  const known = [...seen].find((href) => ofShape(route, href));
  if (known) return known;
  const list = from.includes('[') ? await addressOf(page, from.split('?')[0]!, locale, seen) : from;
  await page.goto(localised(list, locale));
  await collectLinks(page, seen);
  const found = [...seen].find((href) => ofShape(route, href));
  expect(found, `a link of the shape ${route} on ${list}`).toBeDefined();
  return found!;
}

/** Adds the page's console links (without the language prefix and query) to `seen`. */
async function collectLinks(page: Page, seen: Set<string>) {
  const hrefs = await page
    .locator('a[href*="/staff/"]')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/^\/en-us(?=\/)/, '')),
    );
  for (const href of hrefs) seen.add(href);
}

// Transitions and animations end at once, so each page is quiet for the scan sooner.
test.use({ reducedMotion: 'reduce' });

/** A test's share of one person's pages: the admin's many are split in two, so the two workers share them. */
function shares(who: Staff): string[][] {
  const routes = Object.keys(CONSOLE).filter((route) => CONSOLE[route]!.as.includes(who));
  if (who !== 'admin') return [routes];
  return [routes.filter((r) => r.startsWith('/staff/content')), routes.filter((r) => !r.startsWith('/staff/content'))];
}

for (const width of WIDTHS) {
  for (const locale of LOCALES) {
    test.describe(`at ${width} px in ${locale}`, () => {
      test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

      for (const who of Object.keys(STAFF) as Staff[]) {
        for (const routes of shares(who)) {
          const part = routes.some((r) => r.startsWith('/staff/content')) ? ' (content)' : '';
          test(`${who}'s console pages${part} have no serious accessibility violation`, async ({ page }) => {
            test.setTimeout(240_000);
            await signInPage(page, STAFF[who].account, STAFF[who].password);
            const seen = new Set<string>();
            for (const route of routes) {
              const address = localised(await addressOf(page, route, locale, seen), locale);
              const res = await page.goto(address);
              expect(res?.status(), `${who} opens ${address}`).toBe(200);
              await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
              await collectLinks(page, seen);
              await expectAccessible(page, { soft: true });
            }
          });
        }
      }

      test('the second factor’s page has no serious accessibility violation', async ({ page }) => {
        // The password alone: the session's staff roles wait for the code.
        const { account, password } = STAFF.finance;
        await post(page.request, '/api/amsw0101/login', { account, password, ...(await solvedCaptcha(page.request)) });
        await page.goto(localised('/staff/verify?redirect=%2Fstaff', locale));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
      });
    });
  }
}
