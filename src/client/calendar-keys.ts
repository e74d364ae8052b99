/**
 * Arrow-key movement between the days of the event calendar's month grid (markup in
 * components/events/EventCalendar.astro). Without it the grid still works: every event is a
 * link reached with Tab.
 */

/** The day a key moves to from `day` in a month of `total` days, or null when it leaves the month. */
export function targetDay(day: number, key: string, total: number, weekday: number): number | null {
  const moves: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday,
    End: 6 - weekday,
  };
  const move = moves[key];
  if (move === undefined) return null;
  const target = day + move;
  if (key === 'Home') return Math.max(1, target);
  if (key === 'End') return Math.min(total, target);
  return target >= 1 && target <= total ? target : null;
}

export function initCalendarKeys(root: ParentNode): void {
  root.querySelectorAll<HTMLTableElement>('table[data-calendar]:not([data-ready])').forEach((table) => {
    table.dataset.ready = 'true';
    const cells = new Map<number, HTMLElement>();
    table.querySelectorAll<HTMLElement>('td[data-day]').forEach((cell) => {
      cells.set(Number(cell.dataset.day), cell);
      cell.tabIndex = -1;
    });
    table.addEventListener('keydown', (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-day]');
      if (!cell) return;
      const target = targetDay(Number(cell.dataset.day), event.key, cells.size, Number(cell.dataset.weekday));
      const next = target === null ? undefined : cells.get(target);
      if (!next) return;
      event.preventDefault();
      // Focus the day's first event when it has one, otherwise the day itself.
      (next.querySelector<HTMLElement>('a') ?? next).focus();
    });
  });
}
