/**
 * Imports from the staff console (DESIGN.md §18, §19): the `npm run import` command's members and
 * credits imports, with the same checks and the same report, for an office that has no command
 * line. The office uploads a file; a dry run reads it whole and rolls back, reporting what would be
 * new, changed, unchanged and refused (each refused line with its problems, and the refused lines
 * as a file to correct); then the office applies it (or discards it). Each pass runs in the
 * process that took the request, after the answer, and moves `linesRead` as it goes, so the page
 * shows a progress bar. One import runs at a time. The uploaded file holds national IDs: it stays
 * in the file storage only until it is applied or discarded.
 *
 * On the embedded database an import's transaction holds its one connection, so other requests
 * wait for a pass to end, and its progress is known to this process only (held here, not written).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { ImportRunView } from '../../../lib/schemas/staff';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { importRuns } from '../../db/schema';
import { AppError } from '../../app-error';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { removeStoredFiles } from '../backup/file-removal';
import { importCredits, kindToImport } from './import-credits';
import { importMembers } from './import-members';
import { ImportError, type Refusal } from './run-import';
import { checkCsvBytes, formatOf, readTable, TableFileError, type TableEncoding } from './table-file';
import { tableFileProblem } from './table-file-problem';

/** The largest file the console takes (some 50,000 members with every column). */
export const CONSOLE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Refused lines kept for the page (all of them are in the rejects file). */
const REFUSALS_SHOWN = 500;
/** A pass that has not moved for this long was cut short (its process ended). */
const STALE_MS = 2 * 60_000;
/** The advisory lock the console's imports take turns with. */
const IMPORT_LOCK = 7_302_611;

export type ImportKindName = 'members' | 'credits';

/** Lines read by the passes running in this process, by run. */
const reading = new Map<number, number>();

/** A problem of the file or the import as the page shows it (both languages, the envelope picks one). */
function problem(zh: string, en: string): AppError {
  return new AppError(ErrorCode.DATA_CHECK, null, { key: 'importProblem', values: { zh, en } });
}

/** A file the import cannot read, as the page shows it (the command's texts, with the desk's fields). */
function fileProblem(error: TableFileError): AppError {
  const { zh, en } = tableFileProblem(error, 'console');
  return problem(zh, en);
}

const storageKeyOf = (runId: number, ext: string) => `import-${runId}-${randomBytes(8).toString('hex')}.${ext}`;

/** Takes an uploaded file and starts its dry run; answers the run's id. */
export async function startImport(
  staff: Actor,
  input: { kind: ImportKindName; certificationCode?: string | undefined; encoding: TableEncoding; file: File },
): Promise<{ runId: number }> {
  const format = formatOf(input.file.name);
  if (!format) throw problem('請上傳 CSV 或 Excel（.xlsx）檔案', 'Upload a CSV or Excel (.xlsx) file');
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  // A workbook saved with a .csv name, or a file not in the chosen encoding, is told at once.
  if (format === 'csv')
    try {
      checkCsvBytes(bytes, input.file.name, input.encoding);
    } catch (error) {
      if (error instanceof TableFileError) throw fileProblem(error);
      throw error;
    }
  if (input.kind === 'credits') {
    try {
      await kindToImport(input.certificationCode);
    } catch (error) {
      if (error instanceof ImportError) throw problem(error.zh, error.en);
      throw error;
    }
  }
  const rt = await runtime();
  const { db } = rt.database;
  const run = await db.transaction(async (tx) => {
    await takeTurn(tx);
    const [created] = await tx
      .insert(importRuns)
      .values({
        kind: input.kind,
        certificationCode: input.kind === 'credits' ? (input.certificationCode ?? null) : null,
        encoding: input.encoding,
        fileName: input.file.name.slice(0, 200),
        state: 'checking',
        createdBy: staff.accountId,
      })
      .returning({ id: importRuns.id });
    return created;
  });
  const key = storageKeyOf(run!.id, format);
  try {
    await rt.storage.put(key, bytes);
  } catch (error) {
    // No run without its file (a full or read-only store): the next upload may start at once.
    await db.delete(importRuns).where(eq(importRuns.id, run!.id));
    throw error;
  }
  await db.update(importRuns).set({ storageKey: key }).where(eq(importRuns.id, run!.id));
  launch(run!.id, false, staff);
  return { runId: run!.id };
}

/** Applies a checked run's file (once: a second click finds it applying), or refuses. */
export async function applyImport(staff: Actor, runId: number): Promise<void> {
  const { db } = (await runtime()).database;
  const [run] = await db.transaction(async (tx) => {
    await takeTurn(tx);
    return tx
      .update(importRuns)
      .set({ state: 'applying', linesRead: 0, updatedAt: new Date() })
      .where(and(eq(importRuns.id, runId), eq(importRuns.state, 'checked')))
      .returning({ id: importRuns.id });
  });
  if (!run) {
    const [exists] = await db.select({ state: importRuns.state }).from(importRuns).where(eq(importRuns.id, runId));
    if (!exists) throw new AppError(ErrorCode.NO_DATA);
    throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'importNotChecked' });
  }
  launch(runId, true, staff);
}

/**
 * Forgets a run's files (they hold national IDs): a checked or stopped run's upload, without
 * applying it, and the refused lines of any run that is not running (an applied one stays applied).
 */
export async function discardImport(runId: number): Promise<void> {
  const rt = await runtime();
  // The run lets go of its files in the transaction that discards it; their bytes go after it.
  const run = await rt.database.db.transaction(async (tx) => {
    await settleStale(tx);
    const [found] = await tx
      .select({ key: importRuns.storageKey, rejects: importRuns.rejectsKey })
      .from(importRuns)
      .where(and(eq(importRuns.id, runId), inArray(importRuns.state, ['checked', 'failed', 'applied', 'discarded'])))
      .for('update');
    if (!found) return null;
    await tx
      .update(importRuns)
      .set({
        state: sql`CASE WHEN ${importRuns.state} = 'applied' THEN 'applied' ELSE 'discarded' END`,
        storageKey: null,
        rejectsKey: null,
        updatedAt: new Date(),
      })
      .where(eq(importRuns.id, runId));
    return found;
  });
  if (!run) {
    const [exists] = await rt.database.db
      .select({ state: importRuns.state })
      .from(importRuns)
      .where(eq(importRuns.id, runId));
    if (!exists) throw new AppError(ErrorCode.NO_DATA);
    throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'importNotChecked' });
  }
  await forget(run.key, run.rejects);
}

const INTERRUPTED = {
  'zh-tw': '匯入中斷（伺服器已重新啟動），未寫入任何資料',
  'en-us': 'The import was cut short (the server restarted): nothing was written',
};

/** Marks the passes whose process ended (not running here, not moved for `STALE_MS`) as stopped. */
async function settleStale(tx: Executor): Promise<void> {
  const running = await tx
    .select({ id: importRuns.id, updatedAt: importRuns.updatedAt })
    .from(importRuns)
    .where(inArray(importRuns.state, ['checking', 'applying']));
  const stale = running.filter((r) => !reading.has(r.id) && Date.now() - r.updatedAt.getTime() > STALE_MS);
  if (stale.length > 0)
    await tx
      .update(importRuns)
      .set({ state: 'failed', error: INTERRUPTED, updatedAt: new Date() })
      .where(
        and(
          inArray(
            importRuns.id,
            stale.map((r) => r.id),
          ),
          inArray(importRuns.state, ['checking', 'applying']),
        ),
      );
}

/**
 * One import at a time: in the caller's transaction, the processes take turns (an advisory lock
 * on PostgreSQL; the embedded database has one connection), stopped passes are settled, and a
 * pass still running refuses (-10 `importBusy`).
 */
async function takeTurn(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
  await settleStale(tx);
  const [busy] = await tx
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(inArray(importRuns.state, ['checking', 'applying']))
    .limit(1);
  if (busy) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'importBusy' });
}

/** Forgets files no run names any more (the update that let go of them has committed). */
async function forget(...keys: (string | null)[]) {
  const { database, storage } = await runtime();
  await removeStoredFiles(database, storage, keys);
}

function launch(runId: number, apply: boolean, staff: Actor) {
  reading.set(runId, 0);
  void runPass(runId, apply, staff)
    .catch((error: unknown) => logger().error({ err: error, runId }, 'import pass failed'))
    .finally(() => reading.delete(runId));
}

/** One pass over the stored file: counts its lines, runs the import, stores what it reported. */
async function runPass(runId: number, apply: boolean, staff: Actor): Promise<void> {
  const rt = await runtime();
  const { db } = rt.database;
  const [run] = await db.select().from(importRuns).where(eq(importRuns.id, runId));
  if (!run?.storageKey) return;
  const ext = path.extname(run.storageKey);
  const file = path.join(tmpdir(), `portal-import-${runId}-${randomBytes(6).toString('hex')}${ext}`);
  const rejectsFile = path.join(tmpdir(), `portal-rejects-${runId}-${randomBytes(6).toString('hex')}.csv`);
  const refusals: Refusal[] = [];
  const live = rt.database.engine === 'postgres';
  try {
    const stream = await rt.storage.open(run.storageKey);
    if (!stream) throw new ImportError('上傳的檔案已不存在，請重新上傳', 'The uploaded file is gone: upload it again');
    await pipeline(
      Readable.fromWeb(stream as NodeReadableStream<Uint8Array>),
      createWriteStream(file, { mode: 0o600 }),
    );
    let total = -1; // the header
    for await (const row of readTable(file, run.encoding)) if (row.cells.some((c) => c !== '')) total += 1;
    await db
      .update(importRuns)
      .set({ totalLines: Math.max(total, 0), updatedAt: new Date() })
      .where(eq(importRuns.id, runId));
    const options = {
      file,
      fileName: run.fileName,
      encoding: run.encoding,
      apply,
      rejects: rejectsFile,
      by: `staff console (${staff.account.email})`,
      actor: { userType: 'individual' as const, accountId: staff.accountId },
      onRefused: (refusal: Refusal) => {
        if (refusals.length < REFUSALS_SHOWN) refusals.push(refusal);
      },
      onProgress: (lines: number) => {
        reading.set(runId, lines);
        // On PostgreSQL other processes answer the page too; the write goes on a connection of its own.
        if (live)
          void db
            .update(importRuns)
            .set({ linesRead: lines, updatedAt: new Date() })
            .where(eq(importRuns.id, runId))
            .catch(() => {});
      },
    };
    const report =
      run.kind === 'members'
        ? await importMembers(options)
        : await importCredits({ ...options, kind: run.certificationCode ?? undefined });
    let rejectsKey: string | null = null;
    if (report.refused > 0) {
      rejectsKey = `import-${runId}-rejects-${randomBytes(6).toString('hex')}.csv`;
      await rt.storage.put(rejectsKey, new Uint8Array(await readFile(rejectsFile)));
    }
    await db
      .update(importRuns)
      .set({
        state: apply ? 'applied' : 'checked',
        linesRead: report.lines,
        totalLines: report.lines,
        report: report as unknown as Record<string, unknown>,
        refusals,
        rejectsKey,
        storageKey: apply ? null : run.storageKey,
        error: null,
        updatedAt: new Date(),
      })
      .where(eq(importRuns.id, runId));
    if (apply) await forget(run.storageKey, run.rejectsKey);
    else if (run.rejectsKey) await forget(run.rejectsKey);
    // An applied import changes what pages show (members, credits).
    if (apply) rt.cache.clear();
  } catch (error) {
    const { zh, en } =
      error instanceof ImportError
        ? error
        : error instanceof TableFileError
          ? tableFileProblem(error, 'console')
          : { zh: '匯入時發生錯誤，未寫入任何資料', en: 'The import failed: nothing was written' };
    await db
      .update(importRuns)
      .set({ state: 'failed', error: { 'zh-tw': zh, 'en-us': en }, updatedAt: new Date() })
      .where(eq(importRuns.id, runId));
    if (!(error instanceof ImportError) && !(error instanceof TableFileError)) throw error;
  } finally {
    await rm(file, { force: true });
    await rm(rejectsFile, { force: true });
  }
}

/** A run as the page shows it; a pass that stopped moving long ago (its process ended) is failed. */
function viewOf(row: typeof importRuns.$inferSelect): ImportRunView {
  const local = reading.get(row.id);
  const running = row.state === 'checking' || row.state === 'applying';
  const stale = running && local === undefined && Date.now() - row.updatedAt.getTime() > STALE_MS;
  return {
    id: row.id,
    kind: row.kind,
    certificationCode: row.certificationCode,
    fileName: row.fileName,
    state: stale ? 'failed' : row.state,
    totalLines: row.totalLines,
    linesRead: running && local !== undefined ? local : row.linesRead,
    report: row.report ?? null,
    refusals: (row.refusals as Refusal[] | null) ?? [],
    hasRejects: row.rejectsKey !== null,
    error: stale
      ? {
          'zh-tw': '匯入中斷（伺服器已重新啟動），未寫入任何資料',
          'en-us': 'The import was cut short (the server restarted): nothing was written',
        }
      : (row.error ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function importRun(runId: number): Promise<ImportRunView> {
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, runId));
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return viewOf(row);
}

/** The latest runs, newest first (the page's history). */
export async function recentImports(limit = 10): Promise<ImportRunView[]> {
  const { db } = (await runtime()).database;
  const rows = await db.select().from(importRuns).orderBy(desc(importRuns.id)).limit(limit);
  return rows.map(viewOf);
}

/** The refused lines of a run's last pass as a CSV file to correct; audited (it holds national IDs). */
export async function importRejects(staff: Actor, runId: number, ip: string): Promise<Response> {
  const rt = await runtime();
  const [row] = await rt.database.db
    .select({ key: importRuns.rejectsKey, kind: importRuns.kind })
    .from(importRuns)
    .where(eq(importRuns.id, runId));
  const stream = row?.key ? await rt.storage.open(row.key) : null;
  if (!row || !stream) throw new AppError(ErrorCode.NO_DATA);
  await recordAudit(rt.database.db, {
    actor: { userType: 'individual', accountId: staff.accountId },
    action: 'export.importRejects',
    ip,
    target: { type: 'importRun', id: runId },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${row.kind}-rejects-${runId}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
