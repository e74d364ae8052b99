/**
 * The editors' journals desk (DESIGN.md §19, Content): journals, their volumes and their issues
 * as the public journal pages read them (`journal-rows.ts`). Each change is one transaction with
 * its audit entry and reaches every serving process at once (content/changes.ts).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { pageCount, pageOffset } from '../../../lib/paging';
import { FOUND_PAPERS_PAGE } from '../../../lib/schemas/journal-desk';
import type {
  DeskIssuePapers,
  DeskJournal,
  DeskPaper,
  IssueSaveInput,
  IssueState,
  FoundPaper,
  JournalSaveInput,
  PaperFinderFilter,
  PaperSaveInput,
  VolumeSaveInput,
} from '../../../lib/schemas/journal-desk';
import type { Actor } from '../../auth/sessions';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/client';
import { files, journalLists, journalNumbers, journalPapers, journalVolumes } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from '../content/changes';
import { indexItem, indexPapersUnder, removeItem } from '../search/index-content';
import { matchesSearch } from '../search/match-search';
import { assertFresh, changes, optionalTexts, publishMoment, texts, deskText } from '../content/desk-changes';
import { assertContentImage, assertContentPdf } from '../content/content-files';
import { moveRow } from '../content/move-row';

type NumberRow = typeof journalNumbers.$inferSelect;
type PaperRow = typeof journalPapers.$inferSelect;

const staffActor = (staff: Actor) => ({ userType: 'individual' as const, accountId: staff.accountId });

/** An issue's state at `now`, from its publish time. */
export function issueState(publishedAt: Date | null, now = new Date()): IssueState {
  if (!publishedAt) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

/** Every journal, shown or hidden, with its volumes (newest first) and their issues: four statements. */
export async function listDeskJournals(journalListId?: number): Promise<DeskJournal[]> {
  const { db } = (await runtime()).database;
  const only = journalListId === undefined ? undefined : eq(journalLists.id, journalListId);
  const journals = await db
    .select()
    .from(journalLists)
    .where(only)
    .orderBy(asc(journalLists.sort), asc(journalLists.id));
  if (journals.length === 0) return [];
  const ids = journals.map((j) => j.id);
  const volumes = await db
    .select()
    .from(journalVolumes)
    .where(inArray(journalVolumes.journalListId, ids))
    .orderBy(desc(journalVolumes.volume), desc(journalVolumes.id));
  const volumeIds = volumes.map((v) => v.id);
  const [issues, papers] =
    volumeIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(journalNumbers)
            .where(inArray(journalNumbers.journalVolumeId, volumeIds))
            .orderBy(asc(journalNumbers.number), asc(journalNumbers.id)),
          db
            .select({ id: journalPapers.journalNumberId, n: count() })
            .from(journalPapers)
            .innerJoin(journalNumbers, eq(journalPapers.journalNumberId, journalNumbers.id))
            .where(inArray(journalNumbers.journalVolumeId, volumeIds))
            .groupBy(journalPapers.journalNumberId),
        ]);
  const paperCounts = new Map(papers.map((p) => [p.id, Number(p.n)]));
  const now = new Date();
  return journals.map((journal) => ({
    journalListId: journal.id,
    ...deskText('name', journal.name),
    ...deskText('description', journal.description),
    issn: journal.issn ?? '',
    coverFileId: journal.coverFileId,
    visible: journal.visible,
    updatedAt: journal.updatedAt.toISOString(),
    volumes: volumes
      .filter((v) => v.journalListId === journal.id)
      .map((volume) => ({
        journalVolumeId: volume.id,
        volume: volume.volume,
        year: volume.year,
        updatedAt: volume.updatedAt.toISOString(),
        issues: issues
          .filter((n) => n.journalVolumeId === volume.id)
          .map((issue) => ({
            journalNumberId: issue.id,
            number: issue.number,
            ...deskText('title', issue.title),
            coverFileId: issue.coverFileId,
            state: issueState(issue.publishedAt, now),
            publishedAt: issue.publishedAt?.toISOString() ?? null,
            paperCount: paperCounts.get(issue.id) ?? 0,
            updatedAt: issue.updatedAt.toISOString(),
          })),
      })),
  }));
}

/** One journal with its volumes and issues; -6 when there is none. */
export async function getDeskJournal(journalListId: number): Promise<DeskJournal> {
  const [journal] = await listDeskJournals(journalListId);
  if (!journal) throw new AppError(ErrorCode.NO_DATA);
  return journal;
}

/** A second volume or issue of the same number answers -13 (`journalTaken`). */
async function unlessTaken<T>(work: () => Promise<T>, field: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.DUPLICATE, { fields: [field] }, { key: 'journalTaken' });
    throw error;
  }
}

/**
 * Creates a journal (placed last) or changes its name, description, ISSN, cover and whether the
 * site shows it; a stale form is refused (-10 `contentChanged`). Audited
 * `content.journal.create|update`.
 */
export async function saveJournal(staff: Actor, input: JournalSaveInput, ip: string): Promise<DeskJournal> {
  const now = new Date();
  const fields = {
    name: texts(input.nameZh, input.nameEn),
    description: optionalTexts(input.descriptionZh, input.descriptionEn),
    issn: input.issn || null,
    coverFileId: input.coverFileId,
    visible: input.visible,
  };
  const id = await changeContent(async (tx) => {
    await assertContentImage(tx, input.coverFileId, 'coverFileId');
    if (input.journalListId === undefined) {
      const sorts = await tx.select({ sort: journalLists.sort }).from(journalLists);
      const [created] = await tx
        .insert(journalLists)
        .values({ ...fields, sort: Math.max(0, ...sorts.map((r) => r.sort)) + 10, updatedAt: now })
        .returning({ id: journalLists.id });
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.journal.create',
        ip,
        target: { type: 'journal', id: created!.id },
        after: fields,
      });
      return created!.id;
    }
    const [current] = await tx
      .select()
      .from(journalLists)
      .where(eq(journalLists.id, input.journalListId))
      .for('update')
      .limit(1);
    if (!current) throw new AppError(ErrorCode.NO_DATA);
    assertFresh(current.updatedAt, input.updatedAt);
    const edit = changes(
      {
        name: current.name,
        description: current.description ?? null,
        issn: current.issn,
        coverFileId: current.coverFileId,
        visible: current.visible,
      },
      fields,
    );
    if (edit.changed) {
      await tx
        .update(journalLists)
        .set({ ...fields, updatedAt: now })
        .where(eq(journalLists.id, current.id));
      if (current.visible !== fields.visible) await indexPapersUnder(tx, { journalListId: current.id });
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.journal.update',
        ip,
        target: { type: 'journal', id: current.id },
        before: edit.before,
        after: edit.after,
      });
    }
    return current.id;
  });
  return getDeskJournal(id);
}

/**
 * Moves a journal one place up or down the journals list (the public list shows them in this
 * order). Audited `content.journal.move` with its place before and after (from 1). Answers every
 * journal in the new order.
 */
export async function moveJournal(
  staff: Actor,
  journalListId: number,
  direction: 'up' | 'down',
  ip: string,
): Promise<DeskJournal[]> {
  await changeContent(async (tx) => {
    const place = await moveRow(tx, journalLists, journalListId, direction);
    if (!place) throw new AppError(ErrorCode.NO_DATA);
    if (place.moved)
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.journal.move',
        ip,
        target: { type: 'journal', id: journalListId },
        before: { place: place.before },
        after: { place: place.after },
      });
  });
  return listDeskJournals();
}

/**
 * Adds a volume to a journal or changes its number and year; a journal has each volume number
 * once (-13 `journalTaken`). Audited `content.journalVolume.create|update`. Answers the journal.
 */
export async function saveVolume(staff: Actor, input: VolumeSaveInput, ip: string): Promise<DeskJournal> {
  const now = new Date();
  const fields = { volume: input.volume, year: input.year };
  await unlessTaken(
    () =>
      changeContent(async (tx) => {
        const [journal] = await tx
          .select({ id: journalLists.id })
          .from(journalLists)
          .where(eq(journalLists.id, input.journalListId))
          .limit(1);
        if (!journal) throw new AppError(ErrorCode.NO_DATA);
        if (input.journalVolumeId === undefined) {
          const [created] = await tx
            .insert(journalVolumes)
            .values({ ...fields, journalListId: journal.id, updatedAt: now })
            .returning({ id: journalVolumes.id });
          await recordAudit(tx, {
            actor: staffActor(staff),
            action: 'content.journalVolume.create',
            ip,
            target: { type: 'journalVolume', id: created!.id },
            after: { journalListId: journal.id, ...fields },
          });
          return;
        }
        const [current] = await tx
          .select()
          .from(journalVolumes)
          .where(and(eq(journalVolumes.id, input.journalVolumeId), eq(journalVolumes.journalListId, journal.id)))
          .for('update')
          .limit(1);
        if (!current) throw new AppError(ErrorCode.NO_DATA);
        assertFresh(current.updatedAt, input.updatedAt);
        const edit = changes({ volume: current.volume, year: current.year }, fields);
        if (!edit.changed) return;
        await tx
          .update(journalVolumes)
          .set({ ...fields, updatedAt: now })
          .where(eq(journalVolumes.id, current.id));
        await indexPapersUnder(tx, { journalVolumeId: current.id });
        await recordAudit(tx, {
          actor: staffActor(staff),
          action: 'content.journalVolume.update',
          ip,
          target: { type: 'journalVolume', id: current.id },
          before: edit.before,
          after: edit.after,
        });
      }),
    'volume',
  );
  return getDeskJournal(input.journalListId);
}

function issueFields(row: Pick<NumberRow, 'number' | 'title' | 'coverFileId' | 'publishedAt'>) {
  return {
    number: row.number,
    title: row.title ?? null,
    coverFileId: row.coverFileId,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/**
 * Adds an issue to a volume or changes it: its number (once per volume, -13 `journalTaken`),
 * title, cover, and whether it is out: `publish` puts it out on `publishedOn` (empty or today:
 * now; a later day schedules it), without it the issue is a draft the site does not show (an issue
 * out is taken back). Audited `content.journalNumber.create|update|publish|unpublish`. Answers
 * the journal.
 */
export async function saveIssue(staff: Actor, input: IssueSaveInput, ip: string): Promise<DeskJournal> {
  const now = new Date();
  const journalListId = await unlessTaken(
    () =>
      changeContent(async (tx) => {
        const [volume] = await tx
          .select({ id: journalVolumes.id, journalListId: journalVolumes.journalListId })
          .from(journalVolumes)
          .where(eq(journalVolumes.id, input.journalVolumeId))
          .limit(1);
        if (!volume) throw new AppError(ErrorCode.NO_DATA);
        await assertContentImage(tx, input.coverFileId, 'coverFileId');
        let current: NumberRow | undefined;
        if (input.journalNumberId !== undefined) {
          [current] = await tx
            .select()
            .from(journalNumbers)
            .where(and(eq(journalNumbers.id, input.journalNumberId), eq(journalNumbers.journalVolumeId, volume.id)))
            .for('update')
            .limit(1);
          if (!current) throw new AppError(ErrorCode.NO_DATA);
          assertFresh(current.updatedAt, input.updatedAt);
        }
        const title = input.titleZh || input.titleEn ? texts(input.titleZh || input.titleEn, input.titleEn) : null;
        // An issue already out keeps its moment unless another day is asked for.
        const wasOut = current?.publishedAt ?? null;
        const publishedAt = input.publish ? publishMoment(input.publishedOn, now, wasOut) : null;
        const values = { number: input.number, title, coverFileId: input.coverFileId, publishedAt };
        if (!current) {
          const [created] = await tx
            .insert(journalNumbers)
            .values({ ...values, journalVolumeId: volume.id, updatedAt: now })
            .returning();
          await recordAudit(tx, {
            actor: staffActor(staff),
            action: 'content.journalNumber.create',
            ip,
            target: { type: 'journalNumber', id: created!.id },
            after: { journalVolumeId: volume.id, ...issueFields(created!) },
          });
          return volume.journalListId;
        }
        const edit = changes(issueFields(current), issueFields(values));
        if (!edit.changed) return volume.journalListId;
        await tx
          .update(journalNumbers)
          .set({ ...values, updatedAt: now })
          .where(eq(journalNumbers.id, current.id));
        await indexPapersUnder(tx, { journalNumberId: current.id });
        const action =
          !current.publishedAt && publishedAt
            ? 'publish'
            : current.publishedAt && !publishedAt
              ? 'unpublish'
              : 'update';
        await recordAudit(tx, {
          actor: staffActor(staff),
          action: `content.journalNumber.${action}`,
          ip,
          target: { type: 'journalNumber', id: current.id },
          before: edit.before,
          after: edit.after,
        });
        return volume.journalListId;
      }),
    'number',
  );
  return getDeskJournal(journalListId);
}

// --- An issue's papers ---------------------------------------------------------------------------

/**
 * One issue with its journal and volume, and its papers in the order the public issue page lists
 * them (the page groups neighbours of the same section): three statements; -6 when there is none.
 */
export async function getIssuePapers(journalNumberId: number, executor?: Executor): Promise<DeskIssuePapers> {
  const db = executor ?? (await runtime()).database.db;
  const [[row], papers] = await Promise.all([
    db
      .select({ issue: journalNumbers, volume: journalVolumes, journal: journalLists })
      .from(journalNumbers)
      .innerJoin(journalVolumes, eq(journalNumbers.journalVolumeId, journalVolumes.id))
      .innerJoin(journalLists, eq(journalVolumes.journalListId, journalLists.id))
      .where(eq(journalNumbers.id, journalNumberId))
      .limit(1),
    db
      .select({ paper: journalPapers, pdfName: files.name })
      .from(journalPapers)
      .leftJoin(files, eq(journalPapers.pdfFileId, files.id))
      .where(eq(journalPapers.journalNumberId, journalNumberId))
      .orderBy(asc(journalPapers.sort), asc(journalPapers.id)),
  ]);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  const { issue, volume, journal } = row;
  return {
    journalListId: journal.id,
    ...deskText('journalName', journal.name),
    journalVolumeId: volume.id,
    volume: volume.volume,
    year: volume.year,
    issue: {
      journalNumberId: issue.id,
      number: issue.number,
      ...deskText('title', issue.title),
      coverFileId: issue.coverFileId,
      state: issueState(issue.publishedAt),
      publishedAt: issue.publishedAt?.toISOString() ?? null,
      paperCount: papers.length,
      updatedAt: issue.updatedAt.toISOString(),
    },
    papers: papers.map(({ paper, pdfName }): DeskPaper => ({
      paperId: paper.id,
      ...deskText('section', paper.section),
      ...deskText('title', paper.title),
      ...deskText('authors', paper.authors),
      ...deskText('abstract', paper.abstract),
      pages: paper.pages ?? '',
      doi: paper.doi ?? '',
      pdfFileId: paper.pdfFileId,
      pdfName: paper.pdfFileId ? pdfName : null,
      updatedAt: paper.updatedAt.toISOString(),
    })),
  };
}

/**
 * The papers whose title, authors or abstract hold the words (as site search finds them,
 * `matchesSearch`), in any issue, drafts too: newest volume and issue first, each issue's papers in
 * their order; one statement with the total. No words (or none to search by): none.
 */
export async function findDeskPapers(
  filter: PaperFinderFilter,
  locale: Locale,
): Promise<{ rows: FoundPaper[]; page: number; total: number; totalPages: number }> {
  const page = filter.page ?? 1;
  const words = matchesSearch('paper', filter.q);
  if (!words) return { rows: [], page, total: 0, totalPages: 0 };
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      paperId: journalPapers.id,
      journalNumberId: journalNumbers.id,
      title: journalPapers.title,
      authors: journalPapers.authors,
      journalName: journalLists.name,
      volume: journalVolumes.volume,
      year: journalVolumes.year,
      number: journalNumbers.number,
      publishedAt: journalNumbers.publishedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(journalPapers)
    .innerJoin(journalNumbers, eq(journalPapers.journalNumberId, journalNumbers.id))
    .innerJoin(journalVolumes, eq(journalNumbers.journalVolumeId, journalVolumes.id))
    .innerJoin(journalLists, eq(journalVolumes.journalListId, journalLists.id))
    .where(words)
    .orderBy(
      desc(journalVolumes.year),
      desc(journalVolumes.volume),
      desc(journalNumbers.number),
      asc(journalPapers.sort),
      asc(journalPapers.id),
    )
    .limit(FOUND_PAPERS_PAGE)
    .offset(pageOffset(page, FOUND_PAPERS_PAGE));
  const total = rows[0]?.total ?? 0;
  return {
    rows: rows.map((r) => ({
      paperId: r.paperId,
      journalNumberId: r.journalNumberId,
      title: pickText(r.title, locale),
      authors: pickText(r.authors, locale),
      journalName: pickText(r.journalName, locale),
      volume: r.volume,
      year: r.year,
      number: r.number,
      state: issueState(r.publishedAt),
    })),
    page,
    total,
    totalPages: pageCount(total, FOUND_PAPERS_PAGE),
  };
}

function paperFields(
  row: Pick<PaperRow, 'section' | 'title' | 'authors' | 'abstract' | 'pages' | 'doi' | 'pdfFileId'>,
) {
  return {
    section: row.section ?? null,
    title: row.title,
    authors: row.authors,
    abstract: row.abstract ?? null,
    pages: row.pages ?? null,
    doi: row.doi ?? null,
    pdfFileId: row.pdfFileId,
  };
}

async function lockedPaper(tx: Executor, paperId: number): Promise<PaperRow> {
  const [row] = await tx.select().from(journalPapers).where(eq(journalPapers.id, paperId)).for('update').limit(1);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return row;
}

/**
 * Adds a paper (last) to an issue or changes one: section, title, authors, abstract (per
 * language), pages, DOI and its PDF (a PDF among the society's files, -10 `fileNotPdf`
 * otherwise). A stale form is refused (-10 `contentChanged`). Audited
 * `content.journalPaper.create|update`; the public issue page shows the change at once. Answers
 * the issue with its papers.
 */
export async function savePaper(staff: Actor, input: PaperSaveInput, ip: string): Promise<DeskIssuePapers> {
  const now = new Date();
  const fields = paperFields({
    section: optionalTexts(input.sectionZh || input.sectionEn, input.sectionEn),
    title: texts(input.titleZh, input.titleEn),
    authors: texts(input.authorsZh, input.authorsEn),
    abstract: optionalTexts(input.abstractZh || input.abstractEn, input.abstractEn),
    pages: input.pages || null,
    doi: input.doi || null,
    pdfFileId: input.pdfFileId,
  });
  return changeContent(async (tx) => {
    const [issue] = await tx
      .select({ id: journalNumbers.id })
      .from(journalNumbers)
      .where(eq(journalNumbers.id, input.journalNumberId))
      .limit(1);
    if (!issue) throw new AppError(ErrorCode.NO_DATA);
    await assertContentPdf(tx, input.pdfFileId, 'pdfFileId');
    if (input.paperId === undefined) {
      const sorts = await tx
        .select({ sort: journalPapers.sort })
        .from(journalPapers)
        .where(eq(journalPapers.journalNumberId, issue.id));
      const [created] = await tx
        .insert(journalPapers)
        .values({
          ...fields,
          journalNumberId: issue.id,
          sort: Math.max(0, ...sorts.map((r) => r.sort)) + 10,
          updatedAt: now,
        })
        .returning({ id: journalPapers.id });
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.journalPaper.create',
        ip,
        target: { type: 'journalPaper', id: created!.id },
        after: { journalNumberId: issue.id, ...fields },
      });
      await indexItem(tx, 'paper', created!.id);
      return getIssuePapers(issue.id, tx);
    }
    const current = await lockedPaper(tx, input.paperId);
    if (current.journalNumberId !== issue.id) throw new AppError(ErrorCode.NO_DATA);
    assertFresh(current.updatedAt, input.updatedAt);
    const edit = changes(paperFields(current), fields);
    if (edit.changed) {
      await tx
        .update(journalPapers)
        .set({ ...fields, updatedAt: now })
        .where(eq(journalPapers.id, current.id));
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.journalPaper.update',
        ip,
        target: { type: 'journalPaper', id: current.id },
        before: edit.before,
        after: edit.after,
      });
      await indexItem(tx, 'paper', current.id);
    }
    return getIssuePapers(issue.id, tx);
  });
}

/** Moves a paper one place up or down its issue. Audited `content.journalPaper.move` (places from 1). */
export async function movePaper(
  staff: Actor,
  paperId: number,
  direction: 'up' | 'down',
  ip: string,
): Promise<DeskIssuePapers> {
  return changeContent(async (tx) => {
    const paper = await lockedPaper(tx, paperId);
    const place = await moveRow(
      tx,
      journalPapers,
      paperId,
      direction,
      eq(journalPapers.journalNumberId, paper.journalNumberId),
    );
    if (place?.moved)
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.journalPaper.move',
        ip,
        target: { type: 'journalPaper', id: paperId },
        before: { place: place.before },
        after: { place: place.after },
      });
    return getIssuePapers(paper.journalNumberId, tx);
  });
}

/**
 * Removes a paper from its issue (its PDF stays among the files); a stale form is refused (-10
 * `contentChanged`). Audited `content.journalPaper.delete` with the paper as it was.
 */
export async function deletePaper(staff: Actor, paperId: number, seen: string, ip: string): Promise<DeskIssuePapers> {
  return changeContent(async (tx) => {
    const paper = await lockedPaper(tx, paperId);
    assertFresh(paper.updatedAt, seen);
    await tx.delete(journalPapers).where(eq(journalPapers.id, paperId));
    await removeItem(tx, 'paper', paperId);
    await recordAudit(tx, {
      actor: staffActor(staff),
      action: 'content.journalPaper.delete',
      ip,
      target: { type: 'journalPaper', id: paperId },
      before: { journalNumberId: paper.journalNumberId, ...paperFields(paper) },
    });
    return getIssuePapers(paper.journalNumberId, tx);
  });
}
