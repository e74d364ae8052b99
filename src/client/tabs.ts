/**
 * ARIA tabs over server-rendered sections (markup in components/content/body/TabBody.astro).
 * Without this script every section shows under its own heading; with it, the tab list appears,
 * one panel shows at a time, and the keys of the WAI-ARIA tabs pattern move between tabs.
 */

/** The tab a key moves to from `current` of `count` tabs, or null when the key is not ours. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function initTabs(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-tabs]:not([data-ready])').forEach(initTabSet);
}

function initTabSet(el: HTMLElement): void {
  const tablist = el.querySelector<HTMLElement>('[data-tablist]');
  const tabs = tablist ? [...tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]')] : [];
  const panels = [...el.querySelectorAll<HTMLElement>('[data-tabpanel]')];
  if (!tablist || tabs.length === 0 || tabs.length !== panels.length) return;
  el.dataset.ready = 'true';

  panels.forEach((panel, i) => {
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tabs[i]!.id);
    panel.tabIndex = 0;
    // The tab names the panel now; the heading stays for screen readers' heading lists.
    panel.querySelector('[data-tab-heading]')?.classList.add('sr-only');
  });

  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      panels[i]!.hidden = !selected;
    });
    if (focus) tabs[index]!.focus();
  };

  const fromHash = panels.findIndex((panel) => `#${panel.id}` === window.location.hash);
  select(fromHash >= 0 ? fromHash : 0, false);
  tablist.hidden = false;

  tabs.forEach((tab, i) => tab.addEventListener('click', () => select(i, false)));
  tablist.addEventListener('keydown', (event) => {
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next = nextTabIndex(event.key, current, tabs.length);
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  });
}
