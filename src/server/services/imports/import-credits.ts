/**
 * `npm run import -- credits FILE [--kind CODE]`: a society's credit history from its old system,
 * one line an activity, as the society's own records (`credit_entries` with source `society`) of one
 * certification kind. What a line is: `readCreditLine` (`lib/imports/credits.ts`). An activity
 * already recorded (same person, kind, date, title, organiser and category) with the same points,
 * class, method and topics is unchanged; otherwise its entry is `replaced` (with a note) and a new
 * one posted, as a corrected roster does; a new activity is posted.
 */
import { sql } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { CREDIT_COLUMNS, CREDIT_FIELDS, type CreditField } from '../../../lib/imports/columns';
import { formatPoints } from '../../../lib/imports/cells';
import { activityKey, type CreditLine, readCreditLine, sameCredit } from '../../../lib/imports/credits';
import type { LineProblem } from '../../../lib/imports/problems';
import { keyedHash } from '../../auth/secrets';
import type { Executor } from '../../db/client';
import { runtime } from '../../runtime';
import { type CertificationKind, listCertificationKinds } from '../credits/certifications';
import { auditImportLines, insertRows, recordset } from './records';
import {
  type BatchOutcome,
  type FileLine,
  ImportError,
  type ImportOptions,
  type ImportReport,
  runImport,
} from './run-import';

type Problem = LineProblem<CreditField>;

/** A standing entry as the batch's look-up reads it. */
interface StoredEntry {
  id: number;
  accountId: number;
  earnedOn: string;
  title: string;
  provider: string;
  category: string;
  points: number;
  creditClass: CreditLine['creditClass'];
  method: CreditLine['method'];
  topics: CreditLine['topics'];
}

export interface CreditsImportReport extends ImportReport {
  kind: { code: string; name: CertificationKind['name'] };
}

/** The kind named by `--kind`, or the only one; otherwise what to say. */
export async function kindToImport(code: string | undefined): Promise<CertificationKind> {
  const kinds = await listCertificationKinds();
  const codes = kinds.map((k) => k.code).join(', ');
  if (code === undefined) {
    if (kinds.length === 1) return kinds[0]!;
    throw new ImportError(
      kinds.length === 0 ? '尚未設定任何認證類別' : `此網站有多個認證類別，請以 --kind 指定其一：${codes}`,
      kinds.length === 0
        ? 'No certification kind is set up'
        : `The portal has several certification kinds: name one with --kind (${codes})`,
    );
  }
  const kind = kinds.find((k) => k.code === code);
  if (!kind)
    throw new ImportError(
      `沒有代碼為「${code}」的認證類別（可用：${codes}）`,
      `No certification kind has the code “${code}” (codes: ${codes})`,
    );
  return kind;
}

/** Imports (or, without `apply`, tries and rolls back) a credits file into one certification kind. */
export async function importCredits(
  options: ImportOptions & { kind?: string | undefined },
): Promise<CreditsImportReport> {
  const rt = await runtime();
  const kind = await kindToImport(options.kind);
  const today = taipeiDate();
  const hashOf = (personId: string) => keyedHash(rt.secrets.personIdHashKey, personId);
  // The entries the file's lines have matched or posted so far, with the line: a second line for
  // the same activity is refused. Earlier batches' entries are in the transaction, so a later line
  // finds the one an earlier line posted; within a batch, the batch's own keys tell. Only numbers
  // are kept for the whole file.
  const matched = new Map<number, number>();

  const batch = async (tx: Executor, lines: FileLine<CreditField>[]): Promise<BatchOutcome<CreditField>> => {
    const outcome: BatchOutcome<CreditField> = { refused: [], new: 0, changed: 0, unchanged: 0 };
    const refuse = (line: number, problems: Problem[]) => outcome.refused.push({ line, problems });
    const read: CreditLine[] = [];
    for (const { line, cells } of lines) {
      const result = readCreditLine(line, cells, kind.rules, today);
      if (result.read) read.push(result.read);
      else refuse(line, result.problems);
    }

    // The people, in one statement: by member number and by national ID hash.
    const list = (values: (string | null)[]) => JSON.stringify([...new Set(values.filter((v) => v !== null))]);
    const people = await tx.execute(sql`
      WITH found AS (
        SELECT id FROM accounts
        WHERE person_id_hash IN (SELECT jsonb_array_elements_text(${list(read.map((l) => (l.personId ? hashOf(l.personId) : null)))}::jsonb))
        UNION SELECT account_id FROM memberships
        WHERE member_no IN (SELECT jsonb_array_elements_text(${list(read.map((l) => l.memberNo))}::jsonb))
      )
      SELECT a.id AS "accountId", a.person_id_hash AS hash, m.member_no AS "memberNo"
      FROM found JOIN accounts a ON a.id = found.id LEFT JOIN memberships m ON m.account_id = a.id`);
    const byNo = new Map<string, number>();
    const byHash = new Map<string, number>();
    for (const p of (people as unknown as { rows: { accountId: number; hash: string; memberNo: string | null }[] })
      .rows) {
      byHash.set(p.hash, p.accountId);
      if (p.memberNo) byNo.set(p.memberNo, p.accountId);
    }
    const whose = new Map<CreditLine, number>();
    for (const line of read) {
      const fromNo = line.memberNo ? byNo.get(line.memberNo) : undefined;
      const fromId = line.personId ? byHash.get(hashOf(line.personId)) : undefined;
      if (fromNo !== undefined && fromId !== undefined && fromNo !== fromId)
        refuse(line.line, [{ line: line.line, column: 'personId', code: 'personMismatch' }]);
      else if ((line.memberNo && fromNo === undefined) || (line.personId && fromId === undefined))
        refuse(line.line, [
          {
            line: line.line,
            column: line.memberNo && fromNo === undefined ? 'memberNo' : 'personId',
            code: 'unknownPerson',
          },
        ]);
      else whose.set(line, (fromNo ?? fromId)!);
    }

    // The standing society records of this kind on the batch's people and days, in one statement.
    const standing = new Map<string, StoredEntry>();
    if (whose.size > 0) {
      const days = [...whose].map(([line, accountId]) => ({ account_id: accountId, earned_on: line.earnedOn }));
      // LATERAL: each (person, day) through the ledger's index, however long the ledger has grown.
      const entries = await tx.execute(sql`
        SELECT e.id, e.account_id AS "accountId", e.earned_on::text AS "earnedOn", e.title->>'zh-tw' AS title,
          e.provider, e.category, e.points, e.credit_class AS "creditClass", e.method, e.topics
        FROM (SELECT DISTINCT account_id, earned_on FROM ${recordset(days, { account_id: 'int', earned_on: 'date' })}) d
        CROSS JOIN LATERAL (
          SELECT * FROM credit_entries c
          WHERE c.account_id = d.account_id AND c.kind_id = ${kind.id} AND c.earned_on = d.earned_on
            AND c.source = 'society' AND c.status = 'posted'
        ) e`);
      for (const e of (entries as unknown as { rows: StoredEntry[] }).rows)
        standing.set(activityKey(e.accountId, e), e);
    }

    const post: { line: CreditLine; accountId: number; replaces: StoredEntry | null }[] = [];
    const batchKeys = new Map<string, number>();
    for (const [line, accountId] of whose) {
      const key = activityKey(accountId, line);
      const entry = standing.get(key) ?? null;
      const earlier = batchKeys.get(key) ?? (entry && matched.get(entry.id));
      if (earlier) {
        refuse(line.line, [
          { line: line.line, column: 'title', code: 'sameActivityInFile', values: { line: earlier } },
        ]);
        continue;
      }
      batchKeys.set(key, line.line);
      if (entry && sameCredit(entry, line)) {
        outcome.unchanged += 1;
        matched.set(entry.id, line.line);
      } else {
        outcome[entry ? 'changed' : 'new'] += 1;
        post.push({ line, accountId, replaces: entry });
      }
    }
    if (post.length === 0) return outcome;

    const now = new Date().toISOString();
    const replaced = post.filter((p) => p.replaces);
    if (replaced.length > 0)
      await tx.execute(sql`
        UPDATE credit_entries AS e SET status = 'replaced', note = v.note
        FROM ${recordset(
          replaced.map((p) => {
            const was = formatPoints(p.replaces!.points);
            return { id: p.replaces!.id, note: `匯入更正：原為 ${was} 點 / Corrected by import: was ${was} points` };
          }),
          { id: 'int', note: 'text' },
        )}
        WHERE e.id = v.id AND e.status = 'posted'`);
    const posted = await insertRows<{
      id: number;
      account_id: number;
      earned_on: string;
      title: string;
      provider: string;
      category: string;
    }>(
      tx,
      'credit_entries',
      {
        account_id: 'int',
        kind_id: 'int',
        points: 'int',
        credit_class: 'text',
        category: 'text',
        method: 'text',
        topics: 'jsonb',
        title: 'jsonb',
        provider: 'text',
        source: 'text',
        earned_on: 'date',
        created_at: 'timestamptz',
      },
      post.map(({ line, accountId }) => ({
        account_id: accountId,
        kind_id: kind.id,
        points: line.points,
        credit_class: line.creditClass,
        category: line.category,
        method: line.method,
        topics: line.topics,
        title: { 'zh-tw': line.title },
        provider: line.provider,
        source: 'society',
        earned_on: line.earnedOn,
        created_at: now,
      })),
      sql`RETURNING id, account_id, earned_on::text, title->>'zh-tw' AS title, provider, category`,
    );
    const entryOf = new Map<string, number>();
    for (const row of posted) {
      const key = activityKey(row.account_id, {
        earnedOn: row.earned_on,
        title: row.title,
        provider: row.provider,
        category: row.category,
      });
      entryOf.set(key, row.id);
      matched.set(row.id, batchKeys.get(key)!);
    }
    await auditImportLines(
      tx,
      'import.credit',
      options,
      now,
      post.map((p) => ({
        line: p.line.line,
        detail: {
          outcome: p.replaces ? 'changed' : 'new',
          accountId: p.accountId,
          kind: kind.code,
          entryId: entryOf.get(activityKey(p.accountId, p.line)) ?? null,
          replacedEntryId: p.replaces?.id ?? null,
          points: p.line.points,
        },
      })),
    );
    return outcome;
  };

  const report = await runImport(
    {
      name: 'credits',
      tables: ['credit_entries', 'accounts', 'memberships'],
      columns: CREDIT_COLUMNS,
      fields: CREDIT_FIELDS,
      checkColumns(at) {
        const missing = CREDIT_COLUMNS.filter(
          (c) => ['earnedOn', 'title', 'category', 'points'].includes(c.field) && at[c.field] === undefined,
        );
        if (at.memberNo === undefined && at.personId === undefined)
          return new ImportError(
            '找不到「會員編號」或「身分證字號」欄：每一行須以其中之一指出是哪位會員',
            'No “member number” or “national ID” column: each line must name its member by one of them',
          );
        if (missing.length > 0)
          return new ImportError(
            `缺少欄位：${missing.map((c) => c.label['zh-tw']).join('、')}`,
            `Missing columns: ${missing.map((c) => c.label['en-us']).join(', ')}`,
          );
        return null;
      },
      batch,
      async finish() {
        return { kind: kind.code };
      },
    },
    options,
  );
  return { ...report, kind: { code: kind.code, name: kind.name } };
}
