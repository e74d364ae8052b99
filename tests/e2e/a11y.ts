import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Scans the page with axe-core (WCAG 2.0–2.2 A and AA rules) once its islands are hydrated and
 * their transitions (a control turning from disabled to enabled) have ended, and fails on any
 * serious or critical violation, listing each with the elements it found.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('astro-island[ssr]') &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
