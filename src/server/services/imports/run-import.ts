/**
 * What every import command shares (`npm run import`, DESIGN.md §18): the file read a line at a
 * time, its header matched to the columns, lines handled in batches inside one transaction, refused
 * lines reported (and written to a rejects file), and the whole rolled back unless applied.
 *
 * A dry run does exactly what `--yes` does, in the same transaction, and rolls it back at the end:
 * its report is what applying would do, line for line. Refused lines never block the rest: they
 * are skipped and reported, the others applied, and `--rejects FILE` gives them back in the same
 * columns with the reason, to correct and import again.
 */
import { sql } from 'drizzle-orm';
import type { I18nText } from '../../../lib/i18n-text';
import { cellsByField, type ColumnSpec, matchHeader } from '../../../lib/imports/columns';
import { type LineProblem, problemText } from '../../../lib/imports/problems';
import type { Executor } from '../../db/client';
import { runtime } from '../../runtime';
import { openTableWriter, readTable, type TableEncoding, type TableRow, type TableWriter } from './table-file';
import { type AuditActor, recordAudit, SYSTEM } from '../accounts/audit';

/** Lines handled per batch: one look-up statement and a few inserts each. */
export const IMPORT_BATCH = 500;

/** An import that cannot start or go on: what to say, in both languages. */
export class ImportError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
  }
}

export interface ImportOptions {
  file: string;
  encoding?: TableEncoding | undefined;
  /** Write (`--yes`); otherwise everything is done and rolled back. */
  apply: boolean;
  /** Where to write the refused lines, with their reason. */
  rejects?: string | undefined;
  /** Who ran it, for the audit log (`import command (os user)`). */
  by: string;
  /** The audit entry's actor (a staff member importing from the console); the system by default. */
  actor?: AuditActor | undefined;
  /** The file's name as its owner knows it, for the audit log (by default `file`). */
  fileName?: string | undefined;
  onRefused?: (refusal: Refusal) => void;
  /** Lines read so far, after each batch. */
  onProgress?: (lines: number) => void;
}

/** A refused line as reported: each problem with its column's name and its text, in both languages. */
export interface Refusal {
  line: number;
  problems: { column: I18nText | null; code: string; text: I18nText }[];
}

export interface ImportCounts {
  /** Lines read (blank lines aside). */
  lines: number;
  new: number;
  changed: number;
  unchanged: number;
  refused: number;
}

export interface ImportReport extends ImportCounts {
  applied: boolean;
  /** Header cells of columns the command does not read. */
  ignoredColumns: string[];
}

/** A line of the file, its cells by field and as they came (for the rejects file). */
export interface FileLine<F extends string> {
  line: number;
  cells: Record<F, string>;
  raw: string[];
}

export interface BatchOutcome<F extends string> {
  refused: { line: number; problems: LineProblem<F>[] }[];
  new: number;
  changed: number;
  unchanged: number;
}

export interface ImportKind<F extends string> {
  /** `members`, `credits`: the audit action is `import.<name>`. */
  name: string;
  columns: readonly ColumnSpec<F>[];
  fields: readonly F[];
  /** Checks the columns found; answers what is missing, or null. */
  checkColumns(at: Partial<Record<F, number>>): ImportError | null;
  /**
   * The tables the import writes and looks up: their statistics are refreshed as they grow inside
   * the import's transaction, so the planner keeps using their indexes (from statistics taken when
   * a table was nearly empty it would scan it whole for every batch: the import would slow down with
   * the square of its length).
   */
  tables: readonly string[];
  /** Handles one batch in the import's transaction. */
  batch(tx: Executor, lines: FileLine<F>[]): Promise<BatchOutcome<F>>;
  /** After the last batch, in the transaction (e.g. the member-number counters); its detail is audited. */
  finish?(tx: Executor): Promise<Record<string, unknown>>;
}

class RollBack extends Error {}

const REASON_HEADER = '問題 / problem';

/** Runs an import: the file's lines through `kind`, in one transaction, applied or rolled back. */
export async function runImport<F extends string>(kind: ImportKind<F>, options: ImportOptions): Promise<ImportReport> {
  const rows = readTable(options.file, options.encoding);
  try {
    return await importRows(kind, options, rows);
  } finally {
    await rows.return(undefined);
  }
}

async function importRows<F extends string>(
  kind: ImportKind<F>,
  options: ImportOptions,
  rows: AsyncGenerator<TableRow>,
): Promise<ImportReport> {
  let header: string[] | null = null;
  for (let next = await rows.next(); !next.done; next = await rows.next())
    if (next.value.cells.some((c) => c !== '')) {
      header = next.value.cells;
      break;
    }
  if (!header) throw new ImportError('檔案是空的', 'The file is empty');
  const match = matchHeader(header, kind.columns);
  if (match.duplicates.length > 0) {
    const names = match.duplicates.map((f) => kind.columns.find((c) => c.field === f)!.label);
    throw new ImportError(
      `欄位重複：${names.map((n) => n['zh-tw']).join('、')}`,
      `Columns named twice: ${names.map((n) => n['en-us']).join(', ')}`,
    );
  }
  const missing = kind.checkColumns(match.at);
  if (missing) throw missing;

  const label = (field: F | null) => (field === null ? null : kind.columns.find((c) => c.field === field)!.label);
  const counts: ImportCounts = { lines: 0, new: 0, changed: 0, unchanged: 0, refused: 0 };
  let rejects: TableWriter | null = null;
  if (options.rejects) {
    rejects = await openTableWriter(options.rejects, 'rejects');
    await rejects.write([...header, REASON_HEADER]);
  }
  const { db } = (await runtime()).database;

  let batches = 0;
  const handle = async (tx: Executor, lines: FileLine<F>[]) => {
    const outcome = await kind.batch(tx, lines);
    batches += 1;
    // After 1, 2, 4, 8… batches: the tables have doubled at most since the last count.
    if ((batches & (batches - 1)) === 0) for (const table of kind.tables) await tx.execute(sql.raw(`ANALYZE ${table}`));
    counts.new += outcome.new;
    counts.changed += outcome.changed;
    counts.unchanged += outcome.unchanged;
    counts.refused += outcome.refused.length;
    for (const { line, problems } of outcome.refused.sort((a, b) => a.line - b.line)) {
      const refusal: Refusal = {
        line,
        problems: problems.map((p) => ({
          column: label(p.column),
          code: p.code,
          text: { 'zh-tw': problemText(p, 'zh-tw'), 'en-us': problemText(p, 'en-us') },
        })),
      };
      options.onRefused?.(refusal);
      if (rejects) {
        const raw = lines.find((l) => l.line === line)!.raw;
        const cells = Array.from({ length: header!.length }, (_, i) => raw[i] ?? '');
        const reason = refusal.problems
          .map((p) => {
            const column = p.column ? `${p.column['zh-tw']}：` : '';
            const columnEn = p.column ? `${p.column['en-us']}: ` : '';
            return `${column}${p.text['zh-tw']} / ${columnEn}${p.text['en-us']}`;
          })
          .join('; ');
        await rejects.write([...cells, reason]);
      }
    }
    options.onProgress?.(counts.lines);
  };

  try {
    await db.transaction(async (tx) => {
      let batch: FileLine<F>[] = [];
      for await (const row of rows) {
        if (!row.cells.some((c) => c !== '')) continue;
        counts.lines += 1;
        batch.push({ line: row.line, cells: cellsByField(row.cells, match.at, kind.fields), raw: row.cells });
        if (batch.length >= IMPORT_BATCH) {
          await handle(tx, batch);
          batch = [];
        }
      }
      if (batch.length > 0) await handle(tx, batch);
      const detail = (await kind.finish?.(tx)) ?? {};
      await recordAudit(tx, {
        actor: options.actor ?? SYSTEM,
        action: `import.${kind.name}`,
        detail: { by: options.by, file: options.fileName ?? options.file, ...counts, ...detail },
      });
      if (!options.apply) throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  } finally {
    await rejects?.close();
  }
  return { ...counts, applied: options.apply, ignoredColumns: match.ignored };
}
