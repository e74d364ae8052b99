import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Scans the page with axe-core (WCAG 2.0–2.2 A and AA rules) once its islands are hydrated and
 * their transitions (a control turning from disabled to enabled) have ended for a quarter of a
 * second, and fails on any serious or critical violation, listing each with the elements it found.
 * `soft`: the test goes on and fails at its end (a scan of many pages reports them all).
 */
export async function expectAccessible(page: Page, { soft = false } = {}): Promise<void> {
  // Astro drops an island's `ssr` mark as React starts hydrating; the controls it enables turn so
  // a moment later, so the page must stay quiet for a while before it is scanned.
  // An island that hydrates when visible (below the fold) is scrolled to first. One inside a
  // closed <details> cannot be seen (nor scanned) until the reader opens it: it is not waited for.
  await page
    .waitForFunction(
      () => {
        const unhydrated = [...document.querySelectorAll('astro-island[ssr]')].filter(
          (island) => !island.closest('details:not([open])'),
        );
        const waiting = unhydrated.find((island) => island.getAttribute('client') === 'visible');
        // The island itself has no box (display: contents): its first element is what the observer sees.
        (waiting?.firstElementChild ?? waiting)?.scrollIntoView();
        const quiet =
          unhydrated.length === 0 && document.getAnimations().every((animation) => animation.playState !== 'running');
        const w = window as typeof window & { quietSince?: number };
        if (!quiet) {
          w.quietSince = undefined;
          return false;
        }
        const since = (w.quietSince ??= performance.now());
        return performance.now() - since >= 250;
      },
      undefined,
      { timeout: 20_000 },
    )
    .catch(async (error: Error) => {
      // Never quiet: say what kept it busy (an endless animation, an island that never hydrated).
      const busy = await page.evaluate(() => [
        ...document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => {
            const el = (a.effect as KeyframeEffect | null)?.target as Element | null;
            return `${(a as CSSAnimation).animationName ?? 'animation'} on ${el?.outerHTML.slice(0, 120)}`;
          }),
        ...[...document.querySelectorAll('astro-island[ssr]')]
          .filter((i) => !i.closest('details:not([open])'))
          .map((i) => `island ${i.getAttribute('component-url')}`),
      ]);
      throw new Error(`${page.url()} never stayed quiet: ${busy.join('; ')}\n${error.message}`);
    });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Every result type is gathered: limited to violations (resultTypes), axe let target-size
    // failures through (links of 16 px in rows that touch, on a phone), which the full scan finds.
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  (soft ? expect.soft : expect)(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
