import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Scans the page with axe-core (WCAG 2.0–2.2 A and AA rules) once its islands are hydrated and
 * their transitions (a control turning from disabled to enabled) have ended for a quarter of a
 * second, and fails on any serious or critical violation, listing each with the elements it found.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Astro drops an island's `ssr` mark as React starts hydrating; the controls it enables turn so
  // a moment later, so the page must stay quiet for a while before it is scanned.
  await page.waitForFunction(() => {
    const quiet =
      !document.querySelector('astro-island[ssr]') &&
      document.getAnimations().every((animation) => animation.playState !== 'running');
    const w = window as typeof window & { quietSince?: number };
    if (!quiet) {
      w.quietSince = undefined;
      return false;
    }
    const since = (w.quietSince ??= performance.now());
    return performance.now() - since >= 250;
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
