import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PHONE_PAGES, budgetOf } from '../../../scripts/bench/phone-budgets.mjs';
import { measurePhonePage, phoneContextOptions } from '../../../scripts/bench/phone.mjs';
import { ACCOUNTS } from '../../../scripts/bench/sign-in.mjs';
import { signInPage } from '../account/helpers';
import { expect, test } from '../fixtures';

/**
 * The JavaScript a phone downloads for each page of scripts/bench/phone-budgets.mjs, as sent on the wire until the network rests, stays within the budget of its kind
 * (issue 45). The bench (`npm run bench`) measures every page of the list, with the time until
 * its islands answer; timing is never asserted here.
 */

test.use({ ...phoneContextOptions });

/** The console's start pages: the overview, each desk's page file or folder index (the second factor's page aside). */
function consoleStartPages(): string[] {
  const staff = path.join(import.meta.dirname, '../../../src/pages/staff');
  return readdirSync(staff, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return existsSync(path.join(staff, entry.name, 'index.astro')) ? [`/staff/${entry.name}`] : [];
    if (!entry.name.endsWith('.astro') || entry.name === 'verify.astro') return [];
    return [entry.name === 'index.astro' ? '/staff' : `/staff/${entry.name.replace(/\.astro$/, '')}`];
  });
}

test('the phone budgets list every console start page', () => {
  expect(PHONE_PAGES.map((p) => p.path)).toEqual(expect.arrayContaining(consoleStartPages()));
});

for (const entry of PHONE_PAGES) {
  test(`${entry.path} sends a phone no more JavaScript than its budget`, async ({ page, baseURL }) => {
    if (entry.session) {
      const { account, password, family } = ACCOUNTS[entry.session];
      await signInPage(page, account, password, family === 'amsw0103' ? 'organ' : 'individual');
    }
    const { javascriptBytes, scripts } = await measurePhonePage(page, new URL(entry.path, baseURL).href, {
      throttle: false,
    });
    // A measure that saw no script would pass any budget.
    expect(scripts.length, 'scripts seen').toBeGreaterThan(0);
    const list = scripts.map((s) => `${s.path} ${s.bytes}`).join('\n');
    expect(javascriptBytes, `JavaScript sent (bytes), largest first:\n${list}`).toBeLessThanOrEqual(
      budgetOf(entry).javascriptBytes,
    );
  });
}
