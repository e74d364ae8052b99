import { and, count, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { taipeiDate, yearOf } from '../../../lib/calendar-date';
import type { Attachment, ContentBody, I18nContent } from '../../../lib/content-types';
import { fileUrl } from '../../../lib/format';
import type { I18nText } from '../../../lib/i18n-text';
import { LOCALES, type Locale } from '../../../lib/locales';
import { tokenize } from '../../../lib/search/tokenize';
import type { Executor } from '../../db/client';
import {
  articleCategories,
  articles,
  customPages,
  eventCategories,
  events,
  journalLists,
  journalNumbers,
  journalPapers,
  journalVolumes,
  searchDocuments,
  type DownloadParentKind,
  type SearchItemKind,
  type SearchKind,
} from '../../db/schema';
import { htmlToText } from '../content/html-to-text';

/**
 * The search index (docs/decisions/042) kept in step with the content: each desk re-indexes what
 * it changed inside its own `changeContent` transaction, so the index commits with the content
 * and every process and machine reads it at once. `rebuildSearchIndex` writes it all anew. The
 * downloads an article, event or page names are indexed with it, each a document of its own.
 */

/** An item as the index takes it: its texts per language and when and where the public sees it. */
interface SearchSource {
  kind: SearchKind;
  sourceId: number;
  /** A download: the item naming it. */
  parentKind?: DownloadParentKind;
  parentId?: number;
  title: Partial<Record<Locale, string>>;
  body: Partial<Record<Locale, string>>;
  date: Date | null;
  year: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  publishedAt: Date | null;
  unpublishAt?: Date | null;
  listed: boolean;
  path: string;
}

/** How many items a rebuild reads and writes at a time. */
const BATCH = 200;

/** Spaces collapsed, one line. */
function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function joined(...parts: Array<string | null | undefined>): string {
  return parts.map(plain).filter(Boolean).join(' ');
}

function textOf(text: I18nText | null | undefined, locale: Locale): string {
  return plain(text?.[locale]);
}

/** Every text of one language's body, whatever its content type: rich text, tabs, timeline, committee, doctors. */
function bodyText(body: ContentBody | undefined): string {
  if (!body) return '';
  const parts: string[] = [];
  for (const html of body.htmlList ?? []) parts.push(htmlToText(html));
  for (const tab of body.tabList ?? []) parts.push(tab.title, ...tab.htmlList.map(htmlToText));
  for (const entry of body.timelineList ?? []) parts.push(entry.time, entry.title ?? '', entry.textContent);
  for (const group of body.committeeList ?? [])
    for (const member of group.memberList)
      parts.push(group.title, member.name, member.role, member.affiliation ?? '', member.description ?? '');
  for (const region of body.doctorList ?? [])
    for (const doctor of region.doctorList)
      parts.push(region.region, doctor.name, doctor.specialty ?? '', doctor.hospital, doctor.address ?? '');
  return joined(...parts);
}

function contentText(content: I18nContent | null | undefined, locale: Locale): string {
  return bodyText(content?.[locale]);
}

function yearIn(moment: Date | null): number | null {
  return moment ? yearOf(taipeiDate(moment)) : null;
}

/** Per language, what a function gives (left out where the item has no title in that language). */
function perLocale(title: I18nText, make: (locale: Locale) => string) {
  const out: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) if (textOf(title, locale)) out[locale] = make(locale);
  return out;
}

/**
 * An article, event or page and the downloads it names, each a document (`file`) of its own: the
 * label per language its title, the item's title its body (so a result reads "on …"), the file's
 * public address its path, and the item's date and visibility, so it is found exactly while the
 * item is. One per file (a file named twice on one item is one); a label without text is left out.
 */
function withDownloads(item: SearchSource & { kind: DownloadParentKind }, attachments: Attachment[]): SearchSource[] {
  const files = new Map<number, Attachment>();
  for (const attachment of attachments) if (!files.has(attachment.fileId)) files.set(attachment.fileId, attachment);
  const downloads = [...files.values()].flatMap((attachment): SearchSource[] => {
    const title = perLocale(attachment.label, (l) => textOf(attachment.label, l));
    if (!Object.keys(title).length) return [];
    return [
      {
        ...item,
        kind: 'file',
        sourceId: attachment.fileId,
        parentKind: item.kind,
        parentId: item.sourceId,
        title,
        body: item.title,
        startsAt: null,
        endsAt: null,
        path: fileUrl(attachment.fileId),
      },
    ];
  });
  return [item, ...downloads];
}

async function articleSources(tx: Executor, where?: SQL): Promise<SearchSource[]> {
  const rows = await tx
    .select({ article: articles, listed: articleCategories.visible })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(where);
  return rows.flatMap(({ article, listed }) =>
    withDownloads(
      {
        kind: 'article',
        sourceId: article.id,
        title: perLocale(article.title, (l) => textOf(article.title, l)),
        body: perLocale(article.title, (l) => joined(textOf(article.summary, l), contentText(article.content, l))),
        date: article.publishedAt,
        year: yearIn(article.publishedAt),
        publishedAt: article.publishedAt,
        unpublishAt: article.unpublishAt,
        listed,
        path: `/article/detail/${article.id}`,
      },
      article.attachments,
    ),
  );
}

async function eventSources(tx: Executor, where?: SQL): Promise<SearchSource[]> {
  const rows = await tx
    .select({ event: events, listed: eventCategories.visible })
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(where);
  return rows.flatMap(({ event, listed }) =>
    withDownloads(
      {
        kind: 'event',
        sourceId: event.id,
        title: perLocale(event.title, (l) => textOf(event.title, l)),
        body: perLocale(event.title, (l) =>
          joined(
            textOf(event.summary, l),
            htmlToText(event.description?.[l] ?? ''),
            textOf(event.place, l),
            textOf(event.organiser, l),
          ),
        ),
        date: event.startsAt,
        year: yearIn(event.startsAt),
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        publishedAt: event.publishedAt,
        listed,
        path: `/event/detail/${event.id}`,
      },
      event.attachments,
    ),
  );
}

async function paperSources(tx: Executor, where?: SQL): Promise<SearchSource[]> {
  const rows = await tx
    .select({
      paper: journalPapers,
      numberId: journalNumbers.id,
      volumeId: journalVolumes.id,
      year: journalVolumes.year,
      publishedAt: journalNumbers.publishedAt,
      listed: journalLists.visible,
    })
    .from(journalPapers)
    .innerJoin(journalNumbers, eq(journalNumbers.id, journalPapers.journalNumberId))
    .innerJoin(journalVolumes, eq(journalVolumes.id, journalNumbers.journalVolumeId))
    .innerJoin(journalLists, eq(journalLists.id, journalVolumes.journalListId))
    .where(where);
  return rows.map(({ paper, numberId, volumeId, year, publishedAt, listed }) => ({
    kind: 'paper',
    sourceId: paper.id,
    title: perLocale(paper.title, (l) => textOf(paper.title, l)),
    body: perLocale(paper.title, (l) =>
      joined(textOf(paper.section, l), textOf(paper.authors, l), textOf(paper.abstract, l), paper.doi),
    ),
    date: publishedAt,
    year,
    publishedAt,
    listed,
    path: `/journals/${volumeId}/${numberId}#paper-${paper.id}`,
  }));
}

async function pageSources(tx: Executor, where?: SQL): Promise<SearchSource[]> {
  const rows = await tx.select().from(customPages).where(where);
  return rows.flatMap((page) =>
    withDownloads(
      {
        kind: 'page',
        sourceId: page.id,
        title: perLocale(page.title, (l) => textOf(page.title, l)),
        body: perLocale(page.title, (l) => joined(textOf(page.summary, l), contentText(page.content, l))),
        date: page.publishedAt,
        year: yearIn(page.publishedAt),
        publishedAt: page.publishedAt,
        listed: true,
        path: `/${page.slug}`,
      },
      page.attachments,
    ),
  );
}

/** How far apart the texts of one document stand, so a run of terms never reaches from one into the next. */
const TEXT_GAP = 8;
/** PostgreSQL keeps places up to 16,383 and at most 256 of them per term and document. */
const MAX_PLACE = 16_383;
const MAX_PLACES = 256;

/** A term as a `tsvector` or `tsquery` lexeme: quoted, its quote and backslash doubled. */
export function lexeme(term: string): string {
  return `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The document's terms as a `tsvector`'s text form: each term with its places, weighted A in a
 * title and D (the default, not written) in a body; every language's title, then every body. And
 * the titles' terms alone, at the same places.
 */
function termVectors(source: SearchSource): { terms: string; titleTerms: string } {
  const places = new Map<string, string[]>();
  let base = 1;
  const add = (text: string | undefined, weight: '' | 'A') => {
    let last = -1;
    for (const token of tokenize(text ?? '')) {
      const place = Math.min(base + token.position, MAX_PLACE);
      last = Math.max(last, token.position);
      const list = places.get(token.term) ?? [];
      if (list.length < MAX_PLACES) list.push(`${place}${weight}`);
      places.set(token.term, list);
    }
    base = Math.min(base + last + 1 + TEXT_GAP, MAX_PLACE);
  };
  const text = () => [...places].map(([term, list]) => `${lexeme(term)}:${list.join(',')}`).join(' ');
  for (const locale of LOCALES) add(source.title[locale], 'A');
  const titleTerms = text();
  for (const locale of LOCALES) add(source.body[locale], '');
  return { terms: text(), titleTerms };
}

/** The index rows of these items of one kind (ids, or a query of them): their own and their downloads'. */
function documentsOf(kind: SearchItemKind, ids: number[] | SQLWrapper): SQL {
  const own = and(
    eq(searchDocuments.kind, kind),
    isNull(searchDocuments.parentId),
    inArray(searchDocuments.sourceId, ids),
  )!;
  if (kind === 'paper') return own;
  return or(own, and(eq(searchDocuments.parentKind, kind), inArray(searchDocuments.parentId, ids)))!;
}

/** Replaces the index entries of these items (their rows removed first) with what they are now. */
async function writeSources(tx: Executor, kind: SearchItemKind, sourceIds: number[], sources: SearchSource[]) {
  if (sourceIds.length) await tx.delete(searchDocuments).where(documentsOf(kind, sourceIds));
  if (!sources.length) return;
  await tx.insert(searchDocuments).values(
    sources.map((source) => ({
      kind: source.kind,
      sourceId: source.sourceId,
      parentKind: source.parentKind ?? null,
      parentId: source.parentId ?? null,
      locales: LOCALES.filter((l) => source.title[l]),
      title: source.title as I18nText,
      body: source.body as I18nText,
      ...termVectors(source),
      date: source.date,
      year: source.year,
      startsAt: source.startsAt ?? null,
      endsAt: source.endsAt ?? null,
      publishedAt: source.publishedAt,
      unpublishAt: source.unpublishAt ?? null,
      listed: source.listed,
      path: source.path,
    })),
  );
}

const READERS = {
  article: { read: articleSources, table: articles, id: articles.id },
  event: { read: eventSources, table: events, id: events.id },
  paper: { read: paperSources, table: journalPapers, id: journalPapers.id },
  page: { read: pageSources, table: customPages, id: customPages.id },
} as const;

/** The id column of a kind's own table: what its documents' `source_id` holds. */
export function sourceColumn(kind: SearchItemKind) {
  return READERS[kind].id;
}

/**
 * Re-indexes items of one kind as they are now, in the caller's transaction: those still stored
 * are written anew, those gone are removed. Drafts and scheduled items are indexed too, with the
 * times that decide when the public may see them; queries ask for what is visible at their moment.
 */
export async function indexItems(tx: Executor, kind: SearchItemKind, sourceIds: number[]): Promise<void> {
  const ids = [...new Set(sourceIds)];
  if (!ids.length) return;
  const reader = READERS[kind];
  await writeSources(tx, kind, ids, await reader.read(tx, inArray(reader.id, ids)));
}

/** Re-indexes one item (an article, event, journal paper or custom page, with its downloads) in the caller's transaction. */
export function indexItem(tx: Executor, kind: SearchItemKind, sourceId: number): Promise<void> {
  return indexItems(tx, kind, [sourceId]);
}

/** Removes one item, and the downloads it names, from the index (it was deleted). */
export async function removeItem(tx: Executor, kind: SearchItemKind, sourceId: number): Promise<void> {
  await tx.delete(searchDocuments).where(documentsOf(kind, [sourceId]));
}

/**
 * What a desk hands `changeContent` so the item its transaction answers is re-indexed before the
 * transaction commits: `changeContent(async (tx) => { … return row; }, indexAs('article'))`.
 */
export function indexAs(kind: SearchItemKind): (tx: Executor, row: { id: number }) => Promise<void> {
  return (tx, row) => indexItem(tx, kind, row.id);
}

/** Follows a category shown or hidden: its articles or events, and their downloads, are listed, or not, with it. */
export async function indexCategory(
  tx: Executor,
  kind: 'article' | 'event',
  categoryId: number,
  visible: boolean,
): Promise<void> {
  const table = kind === 'article' ? articles : events;
  await tx
    .update(searchDocuments)
    .set({ listed: visible })
    .where(documentsOf(kind, tx.select({ id: table.id }).from(table).where(eq(table.categoryId, categoryId))));
}

/** Re-indexes the papers under a journal, a volume or an issue (their visibility, year and address follow it). */
export async function indexPapersUnder(
  tx: Executor,
  scope: { journalListId: number } | { journalVolumeId: number } | { journalNumberId: number },
): Promise<void> {
  const where =
    'journalNumberId' in scope
      ? sql`${journalNumbers.id} = ${scope.journalNumberId}`
      : 'journalVolumeId' in scope
        ? sql`${journalVolumes.id} = ${scope.journalVolumeId}`
        : sql`${journalLists.id} = ${scope.journalListId}`;
  const rows = await tx
    .select({ id: journalPapers.id })
    .from(journalPapers)
    .innerJoin(journalNumbers, eq(journalNumbers.id, journalPapers.journalNumberId))
    .innerJoin(journalVolumes, eq(journalVolumes.id, journalNumbers.journalVolumeId))
    .innerJoin(journalLists, eq(journalLists.id, journalVolumes.journalListId))
    .where(where);
  await indexItems(
    tx,
    'paper',
    rows.map((r) => r.id),
  );
}

/** Writes the whole index anew from the content, a batch at a time, in the caller's transaction. */
export async function rebuildSearchIndex(tx: Executor): Promise<{ documents: number }> {
  await tx.delete(searchDocuments);
  // The terms' GIN index is built once over the whole table at the end, as the migration made it:
  // far cheaper than growing it row by row (a third of the time on 20,000 items). Only the table's
  // owner may drop and build it: a runtime role that serves but does not migrate writes the rows
  // into the index that stays, and leaves the planner's figures to autovacuum.
  const owner = await ownsSearchTable(tx);
  if (owner) await tx.execute(sql`DROP INDEX IF EXISTS search_documents_terms_idx`);
  let documents = 0;
  for (const kind of ['article', 'event', 'paper', 'page'] as const) {
    const reader = READERS[kind];
    const ids = (await tx.select({ id: reader.id }).from(reader.table).orderBy(reader.id)).map((r) => r.id);
    for (let i = 0; i < ids.length; i += BATCH) {
      const sources = await reader.read(tx, inArray(reader.id, ids.slice(i, i + BATCH)));
      await writeSources(tx, kind, [], sources);
      documents += sources.length;
    }
  }
  if (!owner) return { documents };
  await tx.execute(sql`SET LOCAL maintenance_work_mem = '64MB'`);
  await tx.execute(sql`CREATE INDEX search_documents_terms_idx ON search_documents USING gin (terms)`);
  // The planner's figures for the table just written (the embedded database has no autovacuum to
  // gather them): without them it guesses one match a query.
  await tx.execute(sql`ANALYZE search_documents`);
  return { documents };
}

/** Whether the connection's role owns the index's table (or is a member of the role that does). */
async function ownsSearchTable(tx: Executor): Promise<boolean> {
  const { rows } = await tx.execute<{ owner: boolean }>(
    sql`SELECT pg_has_role(relowner, 'USAGE') AS owner FROM pg_class WHERE oid = 'search_documents'::regclass`,
  );
  return rows[0]?.owner === true;
}

/** Whether the index has nothing in it (a database from before it, or a fresh one). */
export async function searchIndexEmpty(tx: Executor): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(searchDocuments);
  return (row?.n ?? 0) === 0;
}
