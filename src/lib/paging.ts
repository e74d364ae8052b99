/** Page arithmetic shared by the services and the pagination links. */

/** Lists keep their first pages in the memo cache; later pages and searches are unbounded, so not kept. */
export const CACHED_PAGES = 20;

/**
 * How a page of a list presents itself to search engines: its page number belongs in the
 * canonical address; keyword results and pages past the last are not indexed.
 */
export function listIndexing(
  paged: { page: number; totalPages: number },
  keyword: string | undefined,
  query: Record<string, string | number | undefined> = {},
): { canonicalQuery: Record<string, string | number | undefined>; noindex: boolean } {
  return { canonicalQuery: { ...query, page: paged.page }, noindex: Boolean(keyword) || paged.page > paged.totalPages };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * The page numbers a pagination bar shows: the first, the last, and the current one with its
 * neighbours; `null` marks a gap. E.g. current 6 of 12 → 1 … 5 6 7 … 12.
 */
export function pageWindow(current: number, totalPages: number, neighbours = 1): (number | null)[] {
  const shown = new Set<number>([1, totalPages]);
  for (let p = current - neighbours; p <= current + neighbours; p++) if (p >= 1 && p <= totalPages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}
