import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../lib/locales';
import { CACHED_PAGES, pageCount, pageOffset } from '../../../lib/paging';
import { localePath } from '../../../lib/paths';
import { SEARCH_PAGE_SIZE, type SearchResponse, type SearchResult } from '../../../lib/schemas/search';
import { parseQuery, queryMatcher } from '../../../lib/search/tokenize';
import { passage, segments } from './passage';
import type { SearchKind } from '../../db/schema';
import { lexeme } from './index-content';
import { runtime } from '../../runtime';

export interface SearchOptions {
  q: string;
  kind?: SearchKind;
  year?: number;
  when?: 'upcoming' | 'past';
  page?: number;
  locale: Locale;
  now?: Date;
}

/** What a term in the body weighs against one in the title (1). */
const BODY_WEIGHT = 0.2;
/**
 * Added to the rank of an item whose title holds the whole query (in some language): it comes
 * before any item that only mentions it. `ts_rank` alone cannot say so for a long query: it joins
 * every pair of the query's terms, and with many terms the score nears 1 wherever they stand.
 */
const TITLE_HOLDS = 10;
/** How many matches, the best by their titles, are ranked by their whole text (title and body). */
const RANKED = 100;
/** Results are kept half a minute at most: publish windows open by the clock. */
const TTL_MS = 30_000;

const KINDS: SearchKind[] = ['article', 'event', 'paper', 'page', 'file'];

interface Row {
  own: number | string | null;
  counts: Record<string, number> | string | null;
  id: number | null;
  kind: SearchKind | null;
  source_id: number | null;
  locales: string[] | string | null;
  title: Record<string, string> | string | null;
  body: Record<string, string> | string | null;
  date: Date | string | null;
  path: string | null;
}

function json<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** PostgreSQL's text array as node-postgres or PGlite hands it over. */
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/**
 * Searches what the public may read now (docs/decisions/042): articles, events, journal papers,
 * custom pages and the downloads named on them, whose text, in either language, holds every term
 * of `q`; ranked by `ts_rank` with the title above the body, then newest. Answers one page with a
 * passage around the first match (a download: the title of the item naming it) and the results of
 * each kind (for filters). Punctuation alone finds nothing.
 */
export async function searchSite(options: SearchOptions): Promise<SearchResponse> {
  const page = options.page ?? 1;
  const query = parseQuery(options.q);
  if (!query.groups.length) return empty(page);
  const rt = await runtime();
  if (page > CACHED_PAGES) return runSearch(options, page);
  const key = [
    'search',
    options.locale,
    options.kind ?? '',
    options.year ?? '',
    options.when ?? '',
    page,
    tsquery(query.groups),
    // The words as asked decide the marks in passages.
    options.q,
  ].join('\u0000');
  return options.now ? runSearch(options, page) : rt.cache.get(key, () => runSearch(options, page), TTL_MS);
}

function empty(page: number): SearchResponse {
  return {
    list: [],
    page,
    pageSize: SEARCH_PAGE_SIZE,
    total: 0,
    totalPages: 0,
    ownLanguage: 0,
    counts: { article: 0, event: 0, paper: 0, page: 0, file: 0 },
  };
}

/** The query as a `tsquery`: every group, a group's terms one after the other (site search and the staff lists'). */
export function tsquery(groups: string[][]): string {
  return groups.map((group) => `(${group.map(lexeme).join(' <-> ')})`).join(' & ');
}

async function runSearch(options: SearchOptions, page: number): Promise<SearchResponse> {
  const { db } = (await runtime()).database;
  const { groups } = parseQuery(options.q);
  const now = options.now ?? new Date();
  const query = tsquery(groups);

  const filters: SQL[] = [
    sql`d.terms @@ q.query`,
    sql`d.published_at IS NOT NULL`,
    sql`d.published_at <= ${now}`,
    sql`(d.unpublish_at IS NULL OR d.unpublish_at > ${now})`,
    sql`d.listed`,
  ];
  if (options.year !== undefined) filters.push(sql`d.year = ${options.year}`);
  if (options.when === 'upcoming') filters.push(sql`d.kind = 'event' AND d.ends_at > ${now}`);
  if (options.when === 'past') filters.push(sql`d.kind = 'event' AND d.ends_at <= ${now}`);
  const kindFilter = options.kind ? sql`m.kind = ${options.kind}` : sql`true`;
  // Constants of the code, written into the statement: the weights of a body (D) and a title (A),
  // and the rank divided by 1 + the log of the document's length (normalisation 1).
  const weights = sql.raw(`'{${BODY_WEIGHT}, ${BODY_WEIGHT}, ${BODY_WEIGHT}, 1}'::float4[]`);
  const titleWeights = sql.raw(`'{0, 0, 0, 1}'::float4[]`);
  const pageSize = SEARCH_PAGE_SIZE;

  const offset = pageOffset(page, pageSize);
  // Two steps, so a query that matches thousands reads thousands of small title vectors, not of
  // whole documents: every match is ordered by its title's rank, then newest (the title terms are
  // small and kept in the row); the first RANKED of that order are ranked in full (title and body,
  // the large vector read only for them) and come first; the rest follow in the first order. A
  // query with fewer matches than RANKED (most) is ranked wholly in full.
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    WITH q AS (SELECT ${query}::tsquery AS query),
    matched AS (
      SELECT d.id, d.kind, d.date, ${options.locale} = ANY(d.locales) AS own,
        (CASE WHEN d.title_terms @@ q.query THEN ${TITLE_HOLDS} ELSE 0 END)
          + ts_rank(${titleWeights}, d.title_terms, q.query, 1) AS first_rank
      FROM search_documents d, q
      WHERE ${sql.join(filters, sql` AND `)}
    ),
    counts AS (
      SELECT json_object_agg(kind, n) AS counts FROM (SELECT kind, count(*)::int AS n FROM matched GROUP BY kind) k
    ),
    total AS (
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE m.own))::int AS own FROM matched m WHERE ${kindFilter}
    ),
    ordered AS (
      SELECT m.id, m.date, m.first_rank,
        row_number() OVER (ORDER BY m.first_rank DESC, m.date DESC NULLS LAST, m.id DESC) AS place
      FROM matched m
      WHERE ${kindFilter}
    ),
    ranked AS (
      SELECT o.id, o.date, o.place,
        (CASE WHEN o.first_rank >= ${TITLE_HOLDS} THEN ${TITLE_HOLDS} ELSE 0 END)
          + ts_rank(${weights}, d.terms, q.query, 1) AS score
      FROM ordered o JOIN search_documents d ON d.id = o.id, q
      WHERE o.place <= ${RANKED}
    ),
    page AS (
      (SELECT r.id, 0 AS part, r.score, r.date, r.place FROM ranked r
       ORDER BY r.score DESC, r.date DESC NULLS LAST, r.id DESC LIMIT ${offset + pageSize})
      UNION ALL
      (SELECT o.id, 1 AS part, NULL, o.date, o.place FROM ordered o
       WHERE o.place > ${RANKED} AND ${offset + pageSize} > ${RANKED}
       ORDER BY o.place LIMIT ${Math.max(0, offset + pageSize - RANKED)})
    )
    SELECT counts.counts, total.total, total.own, p.*
    FROM counts CROSS JOIN total
    LEFT JOIN LATERAL (
      SELECT d.id, d.kind, d.source_id, d.locales, d.title, d.body, d.date, d.path
      FROM page g JOIN search_documents d ON d.id = g.id
      ORDER BY g.part, g.score DESC NULLS LAST, CASE WHEN g.part = 0 THEN g.date END DESC NULLS LAST,
        CASE WHEN g.part = 0 THEN -g.id ELSE g.place END
      LIMIT ${pageSize} OFFSET ${offset}
    ) p ON true
  `);

  const counts = json<Record<string, number>>(rows[0]?.counts ?? null) ?? {};
  const matches = queryMatcher(options.q);
  const total = Number(rows[0]?.total ?? 0);
  return {
    ownLanguage: Number(rows[0]?.own ?? 0),
    list: rows.filter((r) => r.id !== null).map((r) => result(r, options, matches)),
    page,
    pageSize,
    total,
    totalPages: pageCount(total, pageSize),
    counts: Object.fromEntries(KINDS.map((k) => [k, Number(counts[k] ?? 0)])) as SearchResponse['counts'],
  };
}

function result(row: Row, options: SearchOptions, matches: (text: string) => Array<[number, number]>): SearchResult {
  const locales = textArray(row.locales);
  const titles = json<Record<string, string>>(row.title) ?? {};
  const bodies = json<Record<string, string>>(row.body) ?? {};
  const own = locales.includes(options.locale);
  const shown = (own ? options.locale : (locales[0] ?? options.locale)) as Locale;
  const title = titles[shown] ?? '';
  const date = row.date === null ? null : new Date(row.date);
  // A download: its body is the title of the item naming it, shown as that, in the reader's language
  // when the item has it; its path is the file's address, in no language.
  const download = row.kind === 'file';
  return {
    kind: row.kind!,
    id: Number(row.source_id),
    title,
    titleParts: segments(title, matches(title)),
    otherLanguage: !own,
    path: download ? row.path! : localePath(row.path!, options.locale),
    date: date ? date.toISOString() : null,
    passage: download ? [] : bodyPassage(bodies, locales, shown, matches),
    parentTitle: download ? (bodies[options.locale] ?? bodies[shown] ?? Object.values(bodies)[0] ?? '') : null,
  };
}

/** The passage in the shown language, unless only the other language's text holds the match. */
function bodyPassage(
  bodies: Record<string, string>,
  locales: string[],
  shown: Locale,
  matches: (text: string) => Array<[number, number]>,
) {
  const body = bodies[shown] ?? '';
  const ranges = matches(body);
  if (!ranges.length)
    for (const other of locales) {
      if (other === shown) continue;
      const elsewhere = matches(bodies[other] ?? '');
      if (elsewhere.length) return passage(bodies[other] ?? '', elsewhere);
    }
  return passage(body, ranges);
}
