/**
 * `npm run import -- members FILE`: a society's members from its old system, one line a member
 * (DESIGN.md §12, §18). Each line creates or updates an individual account (without a password:
 * its owner sets one through the mailed first-sign-in link) and its one membership, with the term in
 * `membership_terms` and an `imported` event, as joining does. A person is matched by member number,
 * then by national ID (its keyed hash), never by name. What a line does is `planMember`
 * (`lib/imports/members.ts`); this file brings the stored people, a batch at a time, and writes.
 */
import { sql } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { MEMBER_COLUMNS, MEMBER_FIELDS, type MemberField } from '../../../lib/imports/columns';
import {
  type ClassInfo,
  type MemberLine,
  type MemberPlan,
  planMember,
  readMemberLine,
  type StoredPerson,
} from '../../../lib/imports/members';
import type { LineProblem } from '../../../lib/imports/problems';
import type { MembershipStatus } from '../../../lib/membership/terms';
import { parseNumber, sequenceName } from '../../../lib/numbering';
import { encrypt, keyedHash } from '../../auth/secrets';
import type { Executor } from '../../db/client';
import { numberSequences } from '../../db/schema';
import { runtime } from '../../runtime';
import { revokeCertificates } from '../documents/issue-documents';
import { type RenewalReminderOutlook, renewalReminderOutlook } from '../membership/renewal-reminders';
import { getMembershipSettings, listMemberClasses, rulesOf } from '../membership/rules';
import { auditImportLines, insertRows, recordset } from './records';
import {
  type BatchOutcome,
  type FileLine,
  ImportError,
  type ImportOptions,
  type ImportReport,
  runImport,
} from './run-import';

type Problem = LineProblem<MemberField>;

/** A stored person as the batch's look-up reads them. */
interface StoredRow extends StoredPerson {
  accountId: number;
  personIdHash: string;
  membershipId: number | null;
}

export interface MembersImportReport extends ImportReport {
  /** Member-number counters moved past the numbers the file brought. */
  sequences: { name: string; from: number; to: number }[];
  /** The renewal reminders due once the file is in, and when they go (docs/decisions/034). */
  reminders: RenewalReminderOutlook;
}

/** Imports (or, without `apply`, tries and rolls back) a members file. */
export async function importMembers(options: ImportOptions): Promise<MembersImportReport> {
  const rt = await runtime();
  const [classRows, settings] = await Promise.all([listMemberClasses(), getMembershipSettings()]);
  const classes: ClassInfo[] = classRows.map((c) => ({ id: c.id, code: c.code, name: c.name, life: c.life }));
  const rules = rulesOf(settings);
  const today = taipeiDate();
  const hashOf = (personId: string) => keyedHash(rt.secrets.personIdHashKey, personId);

  // The accounts the file's lines have matched or created so far, with the line: a second line for
  // the same person is refused, never applied over the first. Earlier batches' writes are in the
  // transaction, so a later line finds the person an earlier one created; within a batch, before
  // its writes, the batch's own member numbers, IDs and addresses tell. Only numbers are kept for
  // the whole file, so memory stays flat however long it is.
  const touched = new Map<number, number>();
  // The highest sequence each member-number counter must have passed.
  const counters = new Map<string, number>();

  const batch = async (tx: Executor, lines: FileLine<MemberField>[]): Promise<BatchOutcome<MemberField>> => {
    const outcome: BatchOutcome<MemberField> = { refused: [], new: 0, changed: 0, unchanged: 0 };
    const refuse = (line: number, problems: Problem[]) => outcome.refused.push({ line, problems });
    const read: { line: MemberLine; hash: string | null }[] = [];
    for (const { line, cells } of lines) {
      const result = readMemberLine(line, cells, classes);
      if (result.problems.length > 0) refuse(line, result.problems);
      else read.push({ line: result.read, hash: result.read.personId ? hashOf(result.read.personId) : null });
    }
    const stored = await lookUp(tx, read);
    const batchNo = new Map<string, number>();
    const batchHash = new Map<string, number>();
    const batchEmail = new Map<string, number>();

    const plans: Planned[] = [];
    for (const { line, hash } of read) {
      const problem = (column: MemberField, code: Problem['code'], values?: Problem['values']) =>
        refuse(line.line, [{ line: line.line, column, code, ...(values ? { values } : {}) }]);
      // Matched by member number, then national ID; both given, they must be the same person.
      const byNo = line.memberNo ? stored.byMemberNo.get(line.memberNo) : undefined;
      const byId = hash ? stored.byHash.get(hash) : undefined;
      if (byNo && hash && byNo.personIdHash !== hash) {
        problem('personId', 'idMismatch', { memberNo: line.memberNo! });
        continue;
      }
      const person = byNo ?? byId ?? null;
      if (!byNo && person?.membership && line.memberNo) {
        problem('memberNo', 'otherMemberNo', { memberNo: person.membership.memberNo });
        continue;
      }
      const earlier =
        (person && touched.get(person.accountId)) ||
        (line.memberNo && batchNo.get(line.memberNo)) ||
        (hash && batchHash.get(hash));
      if (earlier) {
        problem(line.memberNo ? 'memberNo' : 'personId', 'samePersonInFile', { line: earlier });
        continue;
      }
      const planned = planMember(line, person, classes, rules, today);
      if (!planned.plan) {
        refuse(line.line, planned.problems);
        continue;
      }
      const email = planned.plan.account.email;
      if (email !== person?.account.email) {
        const holder = stored.byEmail.get(email);
        const inFile = batchEmail.get(email) ?? (holder && touched.get(holder.accountId));
        if (inFile) {
          problem('email', 'emailInFile', { line: inFile });
          continue;
        }
        if (holder && holder.accountId !== person?.accountId) {
          problem('email', 'emailTaken');
          continue;
        }
      }
      if (line.memberNo) batchNo.set(line.memberNo, line.line);
      if (hash) batchHash.set(hash, line.line);
      batchEmail.set(email, line.line);
      if (person) touched.set(person.accountId, line.line);
      const number = parseNumber(settings.memberNoPattern, planned.plan.membership.memberNo);
      if (number) {
        const name = sequenceName('memberNo', settings.memberNoPattern, {
          year: number.year ?? 0,
          classCode: number.classCode ?? '',
        });
        counters.set(name, Math.max(counters.get(name) ?? 0, number.seq));
      }
      outcome[planned.plan.outcome] += 1;
      if (planned.plan.outcome !== 'unchanged') plans.push({ line, hash, stored: person, plan: planned.plan });
    }
    const created = await write(tx, plans, options, classes, (personId) => encrypt(rt.secrets.personIdKey, personId));
    for (const [accountId, line] of created) touched.set(accountId, line);
    return outcome;
  };

  const sequences: MembersImportReport['sequences'] = [];
  let reminders: RenewalReminderOutlook = { now: 0, afterInvitation: 0, from: null, notInvited: 0 };
  const report = await runImport(
    {
      name: 'members',
      tables: ['accounts', 'memberships', 'membership_terms'],
      columns: MEMBER_COLUMNS,
      fields: MEMBER_FIELDS,
      checkColumns: (at) =>
        at.memberNo === undefined && at.personId === undefined
          ? new ImportError(
              '找不到「會員編號」或「身分證字號」欄：每一行須以其中之一指出是哪位會員',
              'No “member number” or “national ID” column: each line must name its member by one of them',
            )
          : null,
      batch,
      // The society's own numbers continue after the highest the file brought in their pattern.
      async finish(tx) {
        for (const [name, seq] of counters) {
          const [before] = await tx
            .select({ value: numberSequences.value })
            .from(numberSequences)
            .where(sql`${numberSequences.name} = ${name}`);
          if ((before?.value ?? 0) >= seq) continue;
          await tx
            .insert(numberSequences)
            .values({ name, value: seq })
            .onConflictDoUpdate({
              target: numberSequences.name,
              set: { value: sql`greatest(${numberSequences.value}, excluded.value)` },
            });
          sequences.push({ name, from: before?.value ?? 0, to: seq });
        }
        // Counted in the transaction, so a dry run tells what applying would lead to.
        reminders = await renewalReminderOutlook(tx, today, settings);
        return { sequences };
      },
    },
    options,
  );
  return { ...report, sequences, reminders };
}

/**
 * The stored people a batch names, in one statement: by national ID hash, by member number, and
 * those holding the batch's e-mail addresses (for the clash check).
 */
async function lookUp(tx: Executor, read: { line: MemberLine; hash: string | null }[]) {
  const list = (values: (string | null)[]) => JSON.stringify([...new Set(values.filter((v) => v !== null))]);
  // Each key through its own index (an OR across the join would read every account).
  const result = await tx.execute(sql`
    WITH found AS (
      SELECT id FROM accounts
      WHERE person_id_hash IN (SELECT jsonb_array_elements_text(${list(read.map((r) => r.hash))}::jsonb))
      UNION SELECT id FROM accounts
      WHERE email IN (SELECT jsonb_array_elements_text(${list(read.map((r) => r.line.email))}::jsonb))
      UNION SELECT account_id FROM memberships
      WHERE member_no IN (SELECT jsonb_array_elements_text(${list(read.map((r) => r.line.memberNo))}::jsonb))
    )
    SELECT a.id AS "accountId", a.person_id_hash AS "personIdHash", a.name_zh AS "nameZh", a.name_en AS "nameEn",
      a.email, a.mobile, a.phone, m.id AS "membershipId", m.member_no AS "memberNo", m.class_id AS "classId",
      m.status, m.term_start::text AS "termStart", m.term_end::text AS "termEnd", m.joined_on::text AS "joinedOn",
      m.paused_from::text AS "pausedFrom", m.paused_until::text AS "pausedUntil", m.last_day::text AS "lastDay"
    FROM found JOIN accounts a ON a.id = found.id LEFT JOIN memberships m ON m.account_id = a.id`);
  const byMemberNo = new Map<string, StoredRow>();
  const byHash = new Map<string, StoredRow>();
  const byEmail = new Map<string, StoredRow>();
  for (const row of (result as unknown as { rows: LookedUp[] }).rows) {
    const person: StoredRow = {
      accountId: row.accountId,
      personIdHash: row.personIdHash,
      membershipId: row.membershipId,
      account: { nameZh: row.nameZh, nameEn: row.nameEn, email: row.email, mobile: row.mobile, phone: row.phone },
      membership:
        row.membershipId === null
          ? null
          : {
              memberNo: row.memberNo!,
              classId: row.classId!,
              status: row.status!,
              termStart: row.termStart!,
              termEnd: row.termEnd,
              joinedOn: row.joinedOn!,
              pausedFrom: row.pausedFrom,
              pausedUntil: row.pausedUntil,
              lastDay: row.lastDay,
            },
    };
    byHash.set(row.personIdHash, person);
    byEmail.set(row.email, person);
    if (row.memberNo) byMemberNo.set(row.memberNo, person);
  }
  return { byMemberNo, byHash, byEmail };
}

interface LookedUp {
  accountId: number;
  personIdHash: string;
  nameZh: string;
  nameEn: string;
  email: string;
  mobile: string;
  phone: string;
  membershipId: number | null;
  memberNo: string | null;
  classId: number | null;
  status: MembershipStatus | null;
  termStart: string | null;
  termEnd: string | null;
  joinedOn: string | null;
  pausedFrom: string | null;
  pausedUntil: string | null;
  lastDay: string | null;
}

type Planned = { line: MemberLine; hash: string | null; stored: StoredRow | null; plan: MemberPlan };

/**
 * The batch's changes: one statement per table for the new rows and one for the changed ones
 * (`records.ts`), the terms, the events and the audit rows.
 */
async function write(
  tx: Executor,
  plans: Planned[],
  options: ImportOptions,
  classes: ClassInfo[],
  encryptId: (personId: string) => string,
): Promise<Map<number, number>> {
  if (plans.length === 0) return new Map();
  const now = new Date().toISOString();

  // New accounts (no password: the first-sign-in link sets it), their ids by e-mail.
  const accountIds = new Map<string, number>();
  const created = await insertRows<{ id: number; email: string }>(
    tx,
    'accounts',
    {
      email: 'text',
      name_zh: 'text',
      name_en: 'text',
      mobile: 'text',
      phone: 'text',
      person_id_encrypted: 'text',
      person_id_hash: 'text',
      preferred_locale: 'text',
      locale_unknown: 'bool',
    },
    plans
      .filter((p) => !p.stored)
      .map(({ line, hash, plan }) => ({
        email: plan.account.email,
        name_zh: plan.account.nameZh,
        name_en: plan.account.nameEn,
        mobile: plan.account.mobile,
        phone: plan.account.phone,
        person_id_encrypted: encryptId(line.personId!),
        person_id_hash: hash,
        preferred_locale: plan.locale ?? 'zh-tw',
        locale_unknown: plan.locale === null,
      })),
    sql`RETURNING id, email`,
  );
  for (const row of created) accountIds.set(row.email, row.id);
  const lineOf = new Map(plans.map((p) => [p.plan.account.email, p.line.line]));
  const createdAccounts = new Map(created.map((row) => [row.id, lineOf.get(row.email)!]));
  const accountOf = (p: Planned) => p.stored?.accountId ?? accountIds.get(p.plan.account.email)!;

  const changedAccounts = plans.filter((p) => p.stored && p.plan.accountChanges.length > 0);
  if (changedAccounts.length > 0)
    await tx.execute(sql`
      UPDATE accounts AS a
      SET name_zh = v.name_zh, name_en = v.name_en, email = v.email, mobile = v.mobile, phone = v.phone,
        updated_at = now()
      FROM ${recordset(
        changedAccounts.map((p) => ({
          id: p.stored!.accountId,
          name_zh: p.plan.account.nameZh,
          name_en: p.plan.account.nameEn,
          email: p.plan.account.email,
          mobile: p.plan.account.mobile,
          phone: p.plan.account.phone,
        })),
        { id: 'int', name_zh: 'text', name_en: 'text', email: 'text', mobile: 'text', phone: 'text' },
      )}
      WHERE a.id = v.id`);

  // New memberships, their ids by account.
  const membershipIds = new Map<number, number>();
  const joined = await insertRows<{ id: number; account_id: number }>(
    tx,
    'memberships',
    {
      account_id: 'int',
      member_no: 'text',
      class_id: 'int',
      status: 'text',
      joined_on: 'date',
      term_start: 'date',
      term_end: 'date',
      last_day: 'date',
    },
    plans
      .filter((p) => !p.stored?.membership)
      .map((p) => ({
        account_id: accountOf(p),
        member_no: p.plan.membership.memberNo,
        class_id: p.plan.membership.classId,
        status: p.plan.membership.status,
        joined_on: p.plan.membership.joinedOn,
        term_start: p.plan.membership.termStart,
        term_end: p.plan.membership.termEnd,
        last_day: p.plan.membership.lastDay,
      })),
    sql`RETURNING id, account_id`,
  );
  for (const row of joined) membershipIds.set(row.account_id, row.id);
  const membershipOf = (p: Planned) => p.stored?.membershipId ?? membershipIds.get(accountOf(p))!;

  const changedMemberships = plans.filter((p) => p.stored?.membership && (p.plan.membershipChanges?.length ?? 0) > 0);
  if (changedMemberships.length > 0) {
    await tx.execute(sql`
      UPDATE memberships AS m
      SET class_id = v.class_id, status = v.status, term_start = v.term_start, term_end = v.term_end,
        joined_on = v.joined_on, last_day = v.last_day, updated_at = now()
      FROM ${recordset(
        changedMemberships.map((p) => ({
          id: p.stored!.membershipId,
          class_id: p.plan.membership.classId,
          status: p.plan.membership.status,
          term_start: p.plan.membership.termStart,
          term_end: p.plan.membership.termEnd,
          joined_on: p.plan.membership.joinedOn,
          last_day: p.plan.membership.lastDay,
        })),
        {
          id: 'int',
          class_id: 'int',
          status: 'text',
          term_start: 'date',
          term_end: 'date',
          joined_on: 'date',
          last_day: 'date',
        },
      )}
      WHERE m.id = v.id`);
    // A certificate states a current membership: one that lapses or ends here is no longer valid.
    for (const p of changedMemberships) {
      const to = p.plan.membership.status;
      if ((to === 'lapsed' || to === 'ended') && p.stored!.membership!.status !== to)
        await revokeCertificates(tx, p.stored!.membershipId!, to === 'ended' ? 'membershipEnded' : 'membershipLapsed');
    }
  }

  // The term, as joining records it: one row per term, keyed by its first day.
  await insertRows(
    tx,
    'membership_terms',
    { membership_id: 'int', class_id: 'int', start: 'date', end: 'date' },
    plans
      .filter(
        (p) =>
          !p.plan.membershipChanges ||
          p.plan.membershipChanges.some((c) => c === 'classId' || c === 'termStart' || c === 'termEnd'),
      )
      .map((p) => ({
        membership_id: membershipOf(p),
        class_id: p.plan.membership.classId,
        start: p.plan.membership.termStart,
        end: p.plan.membership.termEnd,
      })),
    sql`ON CONFLICT (membership_id, start) DO UPDATE SET class_id = excluded.class_id, "end" = excluded."end"`,
  );

  const code = (classId: number) => classes.find((c) => c.id === classId)?.code ?? String(classId);
  await insertRows(
    tx,
    'membership_events',
    { membership_id: 'int', kind: 'text', from_status: 'text', to_status: 'text', detail: 'jsonb', at: 'timestamptz' },
    plans
      .filter((p) => !p.plan.membershipChanges || p.plan.membershipChanges.length > 0)
      .map((p) => ({
        membership_id: membershipOf(p),
        kind: 'imported',
        from_status: p.stored?.membership?.status ?? null,
        to_status: p.plan.membership.status,
        detail: {
          file: options.fileName ?? options.file,
          line: p.line.line,
          changes: p.plan.membershipChanges ?? 'new',
          class: code(p.plan.membership.classId),
          termStart: p.plan.membership.termStart,
          termEnd: p.plan.membership.termEnd,
        },
        at: now,
      })),
  );

  // Every change in the audit log: who ran it, the line, the account and membership, which fields.
  await auditImportLines(
    tx,
    'import.member',
    options,
    now,
    plans.map((p) => ({
      line: p.line.line,
      detail: {
        outcome: p.plan.outcome,
        accountId: accountOf(p),
        membershipId: membershipOf(p),
        fields: [...p.plan.accountChanges, ...(p.plan.membershipChanges ?? ['membership'])],
      },
    })),
  );
  return createdAccounts;
}
