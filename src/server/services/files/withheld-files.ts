import { and, eq, sql, type SQL } from 'drizzle-orm';
import { referencedFileIds } from '../../../lib/file-references';
import {
  articles,
  customPages,
  events,
  journalLists,
  journalNumbers,
  journalPapers,
  journalVolumes,
} from '../../db/schema';
import { runtime } from '../../runtime';
import { articleIsPublic, customPageIsPublic, eventIsPublic, journalNumberIsPublic } from '../content/visibility';

/** Publish windows open by the clock, so the set is worked out again every half minute. */
const TTL_MS = 30_000;

/**
 * The files only unpublished content uses (a draft's cover, a withdrawn article's downloads, the
 * papers of an issue not out yet, a hidden journal's cover): the file address answers them only
 * with a preview token or grant. A file that public content also uses stays public.
 */
export async function withheldFileIds(): Promise<Set<number>> {
  const rt = await runtime();
  return rt.cache.get('files:withheld', loadWithheld, TTL_MS);
}

async function loadWithheld(): Promise<Set<number>> {
  const { db } = (await runtime()).database;
  const now = new Date();
  const isPublic = (predicate: SQL) => sql<boolean>`(${predicate})`.as('is_public');
  const issueIsPublic = and(journalNumberIsPublic(now), eq(journalLists.visible, true))!;
  const groups = await Promise.all([
    db
      .select({
        isPublic: isPublic(articleIsPublic(now)),
        coverFileId: articles.coverFileId,
        attachments: articles.attachments,
        content: articles.content,
      })
      .from(articles),
    db
      .select({
        isPublic: isPublic(customPageIsPublic(now)),
        attachments: customPages.attachments,
        content: customPages.content,
      })
      .from(customPages),
    db
      .select({
        isPublic: isPublic(eventIsPublic(now)),
        coverFileId: events.coverFileId,
        attachments: events.attachments,
        description: events.description,
      })
      .from(events),
    db
      .select({ isPublic: isPublic(eq(journalLists.visible, true)), coverFileId: journalLists.coverFileId })
      .from(journalLists),
    db
      .select({ isPublic: isPublic(issueIsPublic), coverFileId: journalNumbers.coverFileId })
      .from(journalNumbers)
      .innerJoin(journalVolumes, eq(journalNumbers.journalVolumeId, journalVolumes.id))
      .innerJoin(journalLists, eq(journalVolumes.journalListId, journalLists.id)),
    db
      .select({ isPublic: isPublic(issueIsPublic), pdfFileId: journalPapers.pdfFileId })
      .from(journalPapers)
      .innerJoin(journalNumbers, eq(journalPapers.journalNumberId, journalNumbers.id))
      .innerJoin(journalVolumes, eq(journalNumbers.journalVolumeId, journalVolumes.id))
      .innerJoin(journalLists, eq(journalVolumes.journalListId, journalLists.id)),
  ]);
  const publicIds = new Set<number>();
  const hiddenIds = new Set<number>();
  for (const rows of groups) {
    for (const { isPublic: open, ...row } of rows) {
      for (const id of referencedFileIds(row)) (open ? publicIds : hiddenIds).add(id);
    }
  }
  return new Set([...hiddenIds].filter((id) => !publicIds.has(id)));
}
