import { sql, type SQL } from 'drizzle-orm';
import { parseQuery } from '../../../lib/search/tokenize';
import { searchDocuments, type SearchItemKind } from '../../db/schema';
import { sourceColumn } from './index-content';
import { tsquery } from './search';

/**
 * The staff content lists' words filter (docs/decisions/042): the items of one kind whose indexed
 * text (title and body, in either language) holds every word of `q`, matched as site search
 * matches them (Chinese inside words, simplified and traditional alike, English by word form), in
 * any state: drafts, scheduled, withdrawn and hidden items are indexed too. It only filters; the
 * list keeps its own order. Undefined when `q` holds nothing to search by (punctuation or common
 * English words only) or absent: no filter, as an empty words field. `id` is the item's id in the
 * caller's statement (by default its table's id column).
 */
export function matchesSearch(
  kind: SearchItemKind,
  q: string | undefined,
  id: SQL | ReturnType<typeof sourceColumn> = sourceColumn(kind),
): SQL | undefined {
  const { groups } = parseQuery(q ?? '');
  if (!groups.length) return undefined;
  return sql`${id} IN (SELECT ${searchDocuments.sourceId} FROM ${searchDocuments}
    WHERE ${searchDocuments.kind} = ${kind} AND ${searchDocuments.terms} @@ ${tsquery(groups)}::tsquery)`;
}
