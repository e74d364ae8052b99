/**
 * The one way attendance reaches the ledger (an accredited course's roster, an event's sessions):
 * what a set of sources (sessions) should have posted, compared with what stands, in the caller's
 * transaction. Entries that stand as wanted are left alone; entries that differ (in points, status
 * or note, or in what the source says of them: certification, class, category, topics, title, day)
 * or are no longer wanted give way (`replaced`, so the member's ledger keeps their history); the new
 * ones are inserted. Run again with the same attendance it changes nothing, and the ledger's unique index on
 * (source, source id, account) for posted entries keeps a source from posting to a person twice.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { SessionAttendance } from '../../../lib/credits/accreditation';
import type { EntryStatus } from '../../../lib/credits/rules';
import type { Executor } from '../../db/client';
import { creditEntries, type CreditSource } from '../../db/schema';

/** Rows written per statement when many entries post at once (well under any parameter limit). */
const BATCH = 500;

/** What one person should have from one source (a session), as the attendance rule gave it. */
export interface WantedEntry {
  accountId: number;
  /** The session's id. */
  sourceId: number;
  points: number;
  status: Extract<EntryStatus, 'posted' | 'refused'>;
  /** The share attended, for a partial or refused entry (`62%`); empty for a full one. */
  note: string;
}

/** The rest of a ledger row, as the source describes it (its certification, class, title, …). */
export type EntryDetails = Omit<
  typeof creditEntries.$inferInsert,
  'id' | 'accountId' | 'points' | 'status' | 'note' | 'source' | 'sourceId' | 'createdAt'
>;

export interface PostOutcome<W extends WantedEntry> {
  /** Entries inserted (new, or posted anew after a correction). */
  posted: W[];
  unchanged: number;
  /** Entries of people no longer wanted, now `replaced`. */
  withdrawn: number;
}

/**
 * The entry a person's attendance of a session gives under the certification's rule
 * (`attendanceOf`): the points earned, or the session's points refused; with the share attended as
 * its note when not full, so the member sees why. None for a session they were absent from.
 */
export function entryOf(
  attended: SessionAttendance,
  sessionTenths: number,
  accountId: number,
  sourceId: number,
): WantedEntry | null {
  if (attended.outcome === 'absent') return null;
  const note = attended.outcome === 'full' ? '' : `${Math.floor(attended.share * 100)}%`;
  return attended.outcome === 'refused'
    ? { accountId, sourceId, points: sessionTenths, status: 'refused', note }
    : { accountId, sourceId, points: attended.tenths, status: 'posted', note };
}

const entryKey = (sourceId: number, accountId: number) => `${sourceId}:${accountId}`;

/** What of an entry's details counts toward a certification or shows in the ledger: a change gives a new entry. */
type Described = Pick<EntryDetails, 'kindId' | 'creditClass' | 'category' | 'topics' | 'title' | 'earnedOn'>;

function sameDetails(was: Described, now: Described): boolean {
  const topics = (t: readonly string[] | undefined) => [...(t ?? [])].sort().join('\n');
  return (
    was.kindId === now.kindId &&
    was.creditClass === now.creditClass &&
    was.category === now.category &&
    topics(was.topics) === topics(now.topics) &&
    was.title['zh-tw'] === now.title['zh-tw'] &&
    was.title['en-us'] === now.title['en-us'] &&
    was.earnedOn === now.earnedOn
  );
}

/**
 * Makes the ledger's entries of `source` for `sourceIds` what `wanted` says, in the caller's
 * transaction (which should hold a lock that orders posters of these sources). `details` gives the
 * rest of each new row.
 */
export async function postAttendanceEntries<W extends WantedEntry>(
  tx: Executor,
  source: CreditSource,
  sourceIds: number[],
  wanted: W[],
  details: (w: W) => EntryDetails,
): Promise<PostOutcome<W>> {
  const standing =
    sourceIds.length === 0
      ? []
      : await tx
          .select({
            id: creditEntries.id,
            accountId: creditEntries.accountId,
            sourceId: creditEntries.sourceId,
            points: creditEntries.points,
            status: creditEntries.status,
            note: creditEntries.note,
            kindId: creditEntries.kindId,
            creditClass: creditEntries.creditClass,
            category: creditEntries.category,
            topics: creditEntries.topics,
            title: creditEntries.title,
            earnedOn: creditEntries.earnedOn,
          })
          .from(creditEntries)
          .where(
            and(
              eq(creditEntries.source, source),
              inArray(creditEntries.sourceId, sourceIds),
              inArray(creditEntries.status, ['posted', 'refused']),
            ),
          );
  const before = new Map(standing.map((e) => [entryKey(e.sourceId!, e.accountId), e]));
  const toPost: W[] = [];
  let unchanged = 0;
  for (const w of wanted) {
    const key = entryKey(w.sourceId, w.accountId);
    const was = before.get(key);
    if (
      was &&
      was.points === w.points &&
      was.status === w.status &&
      was.note === w.note &&
      sameDetails(was, details(w))
    ) {
      unchanged++;
      before.delete(key);
    } else toPost.push(w);
  }
  // What is left of `before` is changed or gone: it gives way to the new entries.
  const replacedIds = [...before.values()].map((e) => e.id);
  const reposted = new Set(toPost.map((w) => entryKey(w.sourceId, w.accountId)));
  const withdrawn = [...before.keys()].filter((key) => !reposted.has(key)).length;
  for (let i = 0; i < replacedIds.length; i += BATCH)
    await tx
      .update(creditEntries)
      .set({ status: 'replaced' })
      .where(inArray(creditEntries.id, replacedIds.slice(i, i + BATCH)));
  for (let i = 0; i < toPost.length; i += BATCH)
    await tx.insert(creditEntries).values(
      toPost.slice(i, i + BATCH).map((w) => ({
        ...details(w),
        accountId: w.accountId,
        points: w.points,
        source,
        sourceId: w.sourceId,
        status: w.status,
        note: w.note,
      })),
    );
  return { posted: toPost, unchanged, withdrawn };
}
