/**
 * The finance desk's bank statement matching (DESIGN.md §9, §19): an uploaded statement of incoming
 * transfers (CSV in UTF-8 or Big5, or `.xlsx`) is read, kept (its file private in the file storage,
 * purpose `bankStatement`, and its lines in `bank_statements`), its lines matched to the reported
 * transfers waiting (`lib/money/statement-match.ts`), and the lines finance ticks are confirmed by
 * the desk's own decision (`confirmRemittances`). A confirmation names stored lines (statement and
 * line number), never their content, so what it is checked against is what the bank's file says;
 * each confirmation's audit entry points at its line. Stored statements are finance's alone.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { startOfTaipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { cellsByField, matchHeader, STATEMENT_COLUMNS, STATEMENT_FIELDS } from '../../../lib/imports/columns';
import type { Locale } from '../../../lib/locales';
import { lineFits, proposeMatches, type StatementLine } from '../../../lib/money/statement-match';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import {
  accounts,
  bankStatements,
  files,
  orders,
  payments,
  type StatementLineOutcome,
  type SurplusSettlement,
} from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { privateFile } from '../files/private-files';
import { storeUpload } from '../files/uploads';
import type { StoredFile } from '../site/read-file';
import { formatOf, readTable, TableFileError, type TableEncoding, type TableRow } from '../imports/table-file';
import { confirmRemittances, listReportedRemittances, requireFinance } from './remittances';

/** The largest statement taken (bytes): a month of a society's account is a few hundred lines. */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
/** The most lines a statement may have. */
export const MAX_STATEMENT_LINES = 5000;

/** A line left out of the matching, and why. */
export interface SkippedLine {
  line: number;
  reason: 'date' | 'amount' | 'notIncoming';
}

const refused = (key: string, values?: Record<string, string | number>) =>
  new AppError(ErrorCode.DATA_CHECK, { fields: ['file'], reason: key }, { key, values });

/** A statement's date: 2026-11-27, 2026/11/27, 2026.11.27, 20261127, or a Republic of China year (115/11/27); a time after it is ignored. */
export function statementDate(text: string): string | null {
  const found = /^(\d{2,4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})(?:\D|$)/.exec(text);
  if (!found) return null;
  let year = Number(found[1]);
  if (year < 1911) year += 1911;
  const month = Number(found[2]);
  const day = Number(found[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A statement's amount in whole dollars ('1,500', 'NT$1500', '1500.00', '1500元'); null when it is not one; 0 for none. */
export function statementAmount(text: string): number | null {
  const plain = text.replace(/NT\$|\$|元|,|\s/gi, '');
  if (plain === '') return 0;
  if (!/^[+-]?\d{1,9}(\.0{1,2})?$/.test(plain)) return null;
  return Math.trunc(Number(plain));
}

async function rowsOf(file: string): Promise<TableRow[]> {
  const read = async (encoding: TableEncoding) => {
    const rows: TableRow[] = [];
    for await (const row of readTable(file, encoding)) {
      rows.push(row);
      if (rows.length > MAX_STATEMENT_LINES + 1) throw refused('statementLines', { max: MAX_STATEMENT_LINES });
    }
    return rows;
  };
  try {
    try {
      return await read('utf-8');
    } catch (error) {
      // A CSV that is not UTF-8 is read as Big5, as Taiwanese banks write it.
      if (error instanceof TableFileError && error.reason === 'encoding') return await read('big5');
      throw error;
    }
  } catch (error) {
    if (error instanceof TableFileError) throw refused('statementUnreadable');
    throw error;
  }
}

/** Reads a statement's incoming transfers: -21 for a file that is not CSV or Excel, -10 for one that is not a statement. */
export async function readStatement(file: File): Promise<{ lines: StatementLine[]; skipped: SkippedLine[] }> {
  const format = formatOf(file.name);
  if (!format) throw new AppError(ErrorCode.FORM_DATA, { fields: ['file'] }, { key: 'statementFormat' });
  if (file.size > MAX_STATEMENT_BYTES) throw new AppError(ErrorCode.FILE_TOO_LARGE, { fields: ['file'] });
  const dir = await mkdtemp(path.join(tmpdir(), 'statement-'));
  let rows: TableRow[];
  try {
    const where = path.join(dir, `statement.${format}`);
    await writeFile(where, new Uint8Array(await file.arrayBuffer()), { mode: 0o600 });
    rows = await rowsOf(where);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const filled = rows.filter((r) => r.cells.some((c) => c !== ''));
  const [header, ...body] = filled;
  const { at } = matchHeader(header?.cells ?? [], STATEMENT_COLUMNS);
  if (at.date === undefined || at.amount === undefined || (at.account === undefined && at.memo === undefined))
    throw refused('statementColumns');
  if (body.length === 0) throw refused('statementEmpty');
  const lines: StatementLine[] = [];
  const skipped: SkippedLine[] = [];
  for (const row of body) {
    const cells = cellsByField(row.cells, at, STATEMENT_FIELDS);
    const date = statementDate(cells.date);
    const amount = statementAmount(cells.amount);
    if (amount === null) skipped.push({ line: row.line, reason: 'amount' });
    else if (amount <= 0) skipped.push({ line: row.line, reason: 'notIncoming' });
    else if (!date) skipped.push({ line: row.line, reason: 'date' });
    else
      lines.push({ line: row.line, date, amount, account: cells.account.slice(0, 64), memo: cells.memo.slice(0, 200) });
  }
  return { lines, skipped };
}

/**
 * Keeps a statement read from `file`: its bytes as a private upload (`storeUpload`, purpose
 * `bankStatement`), then its lines and the audit entry (`statement.stored`) in one transaction.
 */
async function keepStatement(
  actor: Actor,
  file: File,
  read: { lines: StatementLine[]; skipped: SkippedLine[] },
  ip: string,
): Promise<number> {
  const stored = await storeUpload({ kind: 'individual', id: actor.accountId }, 'bankStatement', file);
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankStatements)
      .values({ fileId: stored.fileId, uploadedBy: actor.accountId, lines: read.lines, skipped: read.skipped })
      .returning({ id: bankStatements.id });
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: 'statement.stored',
      ip,
      target: { type: 'bankStatement', id: row!.id },
      detail: { fileId: stored.fileId, name: stored.name, lines: read.lines.length, skipped: read.skipped.length },
    });
    return row!.id;
  });
}

/**
 * A statement's lines with the reported transfer each matches (the transfer's payer, order and
 * report), the lines skipped, and the waiting transfers no line matched. The statement is kept
 * first (`statementId`): a confirmation names its lines.
 */
export async function proposeStatement(actor: Actor, file: File, locale: Locale, ip: string) {
  requireFinance(actor);
  const read = await readStatement(file);
  const statementId = await keepStatement(actor, file, read, ip);
  const waiting = await listReportedRemittances(actor, locale);
  const { proposals, unmatched } = proposeMatches(read.lines, waiting);
  const byId = new Map(waiting.map((w) => [w.remittanceId, w]));
  return {
    statementId,
    lines: proposals.map((p) => {
      const remittance = p.remittanceId === null ? null : byId.get(p.remittanceId)!;
      // The reader's own transfer is shown, never ticked: another finance account confirms it.
      return { ...p.line, remittance, sure: p.sure && remittance !== null && !remittance.own };
    }),
    skipped: read.skipped,
    unmatched: unmatched.map((id) => byId.get(id)!),
  };
}

/**
 * Confirms the matches finance ticked, in one transaction through the desk's decision: each names
 * a line of a stored statement (-6 for a statement never stored, -10 `statementLineUnknown` for a
 * line it does not have), checked again against its transfer as the database has it now (amount,
 * digits, date), so a stale confirmation cannot pay what the statement does not show; a transfer
 * decided meanwhile is skipped and said so. The audit entry of each confirmation points at its
 * line (`statement: { id, line }`).
 */
export async function confirmStatement(
  actor: Actor,
  input: { statementId: number; matches: readonly { remittanceId: number; line: number }[] },
) {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const [stored] = await db
    .select({ id: bankStatements.id, lines: bankStatements.lines })
    .from(bankStatements)
    .where(eq(bankStatements.id, input.statementId));
  if (!stored) throw new AppError(ErrorCode.NO_DATA);
  const byLine = new Map(stored.lines.map((l) => [l.line, l]));
  const unknown = input.matches.filter((m) => !byLine.has(m.line)).map((m) => m.line);
  if (unknown.length)
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: ['matches'], lines: unknown },
      { key: 'statementLineUnknown', values: { lines: unknown.join(', ') } },
    );
  const lines = input.matches.map((m) => byLine.get(m.line)!);
  const results = await confirmRemittances(
    actor,
    input.matches.map((m) => ({
      remittanceId: m.remittanceId,
      detail: { statement: { id: stored.id, line: m.line } },
    })),
    // A line decided already (kept, not ours, or another transfer's) fits no transfer.
    (remittance, orderNumber, i) =>
      !lines[i]!.outcome &&
      lineFits(lines[i]!, {
        remittanceId: remittance.id,
        amount: remittance.amount,
        transferDate: remittance.transferDate,
        accountLast5: remittance.accountLast5,
        orderNumber,
      }),
    // Each line a confirmation paid (or kept as surplus) records it, in the confirmations' transaction.
    async (tx, answers) => {
      const at = new Date().toISOString();
      const outcomes = new Map<number, StatementLineOutcome>();
      answers.forEach((a, i) => {
        if (a.outcome === 'applied' || a.outcome === 'surplus')
          outcomes.set(input.matches[i]!.line, {
            kind: 'confirmed',
            remittanceId: a.remittanceId,
            orderNumber: a.orderNumber,
            by: actor.accountId,
            at,
          });
      });
      if (outcomes.size) await recordLineOutcomes(tx, stored.id, outcomes);
    },
  );
  return results.map((r, i) => ({ ...r, line: input.matches[i]!.line }));
}

const lineDecided = (lines: number[]) =>
  new AppError(
    ErrorCode.DATA_CHECK,
    { fields: ['line'], reason: 'statementLineDecided', lines },
    { key: 'statementLineDecided', values: { lines: lines.join(', ') } },
  );

/**
 * Records lines' outcomes on a stored statement in the caller's transaction, under the statement's
 * row lock, only for lines still undecided (a line decided meanwhile refuses the whole change).
 */
async function recordLineOutcomes(tx: Executor, statementId: number, outcomes: Map<number, StatementLineOutcome>) {
  const [locked] = await tx
    .select({ lines: bankStatements.lines })
    .from(bankStatements)
    .where(eq(bankStatements.id, statementId))
    .for('update');
  if (!locked) throw new AppError(ErrorCode.NO_DATA);
  const taken = locked.lines.filter((l) => outcomes.has(l.line) && l.outcome).map((l) => l.line);
  if (taken.length) throw lineDecided(taken);
  const lines = locked.lines.map((l) => (outcomes.has(l.line) ? { ...l, outcome: outcomes.get(l.line)! } : l));
  await tx.update(bankStatements).set({ lines }).where(eq(bankStatements.id, statementId));
  return locked.lines;
}

/**
 * A statement line that matches no reported transfer, decided once by finance: money received and
 * kept not applied, or not the society's (another's money, a bank correction). With a note,
 * recorded on the stored line and audited in one transaction. Kept money becomes, in the same
 * transaction, a surplus payment with no order (the line's amount, its day as paid, the payer as
 * the statement names them, and the line it came from), on the list of money not applied
 * (`surplus.ts`), where finance applies it to a pending order or refunds it. -6 for a statement
 * never stored, -10 for a line it does not have or one decided already.
 */
export async function decideStatementLine(
  actor: Actor,
  input: { statementId: number; line: number; outcome: 'kept' | 'notOurs'; note: string },
  ip: string,
) {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    const outcome: StatementLineOutcome = {
      kind: input.outcome,
      note: input.note,
      by: actor.accountId,
      at: new Date().toISOString(),
    };
    const [exists] = await tx
      .select({ lines: bankStatements.lines })
      .from(bankStatements)
      .where(eq(bankStatements.id, input.statementId));
    if (!exists) throw new AppError(ErrorCode.NO_DATA);
    const line = exists.lines.find((l) => l.line === input.line);
    if (!line)
      throw new AppError(
        ErrorCode.DATA_CHECK,
        { fields: ['line'], lines: [input.line] },
        { key: 'statementLineUnknown', values: { lines: String(input.line) } },
      );
    await recordLineOutcomes(tx, input.statementId, new Map([[input.line, outcome]]));
    const [kept] =
      input.outcome === 'kept'
        ? await tx
            .insert(payments)
            .values({
              orderId: null,
              statementId: input.statementId,
              statementLine: line.line,
              payerText: [line.account, line.memo].filter(Boolean).join(' · '),
              amount: line.amount,
              method: 'remittance',
              source: 'statement',
              surplus: true,
              paidAt: startOfTaipeiDate(line.date),
            })
            .returning({ id: payments.id })
        : [];
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: input.outcome === 'kept' ? 'statement.lineKept' : 'statement.lineNotOurs',
      ip,
      target: { type: 'bankStatement', id: input.statementId },
      before: { line: input.line, outcome: null },
      after: { line: input.line, outcome: input.outcome, note: input.note },
      detail: {
        line: input.line,
        date: line.date,
        amount: line.amount,
        account: line.account,
        memo: line.memo,
        paymentId: kept?.id ?? null,
      },
    });
    return { statementId: input.statementId, line: input.line, outcome: input.outcome, paymentId: kept?.id ?? null };
  });
}

/**
 * The stored statements, newest first (the last `limit`), each line with its outcome and who
 * uploaded it, and for a kept line what finance did with its money since (refunded, applied to an
 * order, other), in one statement: what the statement page shows. Finance only.
 */
export async function listStatements(actor: Actor, limit = 10) {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      id: bankStatements.id,
      createdAt: bankStatements.createdAt,
      lines: bankStatements.lines,
      fileName: files.name,
      uploadedBy: sql<string>`coalesce(${accounts.nameZh}, '')`,
      kept: sql<[number, SurplusSettlement | null, string | null][] | null>`(
        SELECT json_agg(json_build_array(p.statement_line, p.settlement, o.number))
          FROM ${payments} p LEFT JOIN ${orders} o ON o.id = p.applied_order_id
         WHERE p.statement_id = ${bankStatements.id})`,
    })
    .from(bankStatements)
    .innerJoin(files, eq(files.id, bankStatements.fileId))
    .leftJoin(accounts, eq(accounts.id, bankStatements.uploadedBy))
    .orderBy(desc(bankStatements.id))
    .limit(limit);
  return rows.map((r) => {
    const kept = new Map((r.kept ?? []).map(([line, settlement, applied]) => [line, { settlement, applied }]));
    return {
      statementId: r.id,
      uploadedAt: r.createdAt.toISOString(),
      fileName: r.fileName,
      uploadedBy: r.uploadedBy,
      lines: r.lines.map((l) => ({
        line: l.line,
        date: l.date,
        amount: l.amount,
        account: l.account,
        memo: l.memo,
        outcome: l.outcome?.kind ?? null,
        orderNumber: l.outcome?.kind === 'confirmed' ? l.outcome.orderNumber : (kept.get(l.line)?.applied ?? null),
        note: l.outcome && l.outcome.kind !== 'confirmed' ? l.outcome.note : '',
        /** For a kept line: what became of its money (null while it waits on the list of money not applied). */
        settlement: kept.get(l.line)?.settlement ?? null,
      })),
    };
  });
}

/** A stored statement's file as it was uploaded, for finance only (-6 for an unknown statement); never cached. */
export async function bankStatementFile(actor: Actor, statementId: number): Promise<StoredFile> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({ file: files })
    .from(bankStatements)
    .innerJoin(files, eq(files.id, bankStatements.fileId))
    .where(eq(bankStatements.id, statementId));
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return privateFile(row.file, row.file.name);
}
