/**
 * The continuing-education reports of the staff console (ceOfficer): who is short of their
 * certification's rules with the certificate ending soon (counted by the credit rules themselves,
 * `evaluateStanding`, over the ledger as the member's own page reads it), exported and reminded by
 * mail; and how many courses are sent for accreditation and approved per month.
 */
import { sql } from 'drizzle-orm';
import { addMonths, type CalendarDate, startOfTaipeiDate, taipeiDate } from '../../../lib/calendar-date';
import { evaluateStanding, pointsOf, type Shortfall, topicName } from '../../../lib/credits/rules';
import { shortfallText } from '../../../lib/credits/shortfall-text';
import { localName, pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { monthOf, monthsAhead, reportMonths } from '../../../lib/reports/months';
import { getT } from '../../../i18n';
import type { Actor } from '../../auth/sessions';
import { enqueueMails } from '../../integrations/mail/outbox';
import { creditReminder } from '../../integrations/mail/credit-templates';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { listCertificationKinds } from '../credits/certifications';
import { countedEntries, countedEntriesOf } from '../credits/standing';
import { type TableFile, tableFile } from '../imports/table-file';
import { mailSite } from '../mail/mail-site';

/** A member is reminded of their credits at most once in this many days. */
export const REMINDER_DAYS = 14;
/** The audit action of a reminder, which is also its record (who was reminded when, by whom). */
export const REMINDER_ACTION = 'credits.reminderSent';

/**
 * Every holder's latest certificate of each kind ending from `$1` to `$2`, with the holder, their
 * member number, their last credit reminder and their ledger for the kind (one statement).
 */
const CERTIFICATES_ENDING = `
  SELECT c.account_id, c.kind_id, c.number, c.starts_on::text AS starts_on, c.ends_on::text AS ends_on,
    a.email, a.name_zh, a.name_en, a.preferred_locale, ms.member_no,
    (SELECT max(l.at) FROM audit_log l WHERE l.target_type = 'account' AND l.target_id = a.id::text
      AND l.action = '${REMINDER_ACTION}') AS reminded_at,
    ${countedEntriesOf('c.account_id', 'c.kind_id')} AS entries
  FROM (SELECT DISTINCT ON (account_id, kind_id) * FROM member_certificates
        ORDER BY account_id, kind_id, ends_on DESC, id DESC) c
  JOIN accounts a ON a.id = c.account_id
  LEFT JOIN memberships ms ON ms.account_id = a.id
  WHERE c.ends_on >= $1 AND c.ends_on <= $2
  ORDER BY c.ends_on, a.id, c.kind_id`;

export interface ComplianceRow {
  accountId: number;
  email: string;
  name: string;
  memberNo: string | null;
  certification: string;
  certificationId: number;
  certificateNumber: string;
  endsOn: CalendarDate;
  /** Points still needed in all: the largest of the shortfalls. */
  missing: number;
  shortfalls: { kind: Shortfall['kind']; missing: number; text: string }[];
  remindedAt: string | null;
  mayRemind: boolean;
}

export interface ComplianceReport {
  horizon: number;
  reminderDays: number;
  /** Certificates ending in each month ahead, short of the rules or not. */
  ahead: { months: string[]; short: number[]; met: number[] };
  rows: ComplianceRow[];
}

/** A certificate ending within the horizon, counted: in the reader's language and in its holder's. */
interface Counted {
  row: ComplianceRow;
  holderLocale: Locale;
  holderName: string;
  kindName: Record<Locale, string>;
  shortfalls: (Shortfall & {
    groupName: Record<Locale, string> | undefined;
    topicName: Record<Locale, string> | undefined;
  })[];
  met: boolean;
}

async function countCertificates(horizon: number, locale: Locale, now: Date): Promise<Counted[]> {
  const today = taipeiDate(now);
  const until = addMonths(today, horizon);
  const rt = await runtime();
  const [rows, kinds] = await Promise.all([
    rt.database.prepared('report_certificates_ending', CERTIFICATES_ENDING, [today, until]),
    listCertificationKinds(),
  ]);
  const kindOf = new Map(kinds.map((k) => [k.id, k]));
  const t = getT(locale);
  const remindAfter = now.getTime() - REMINDER_DAYS * 86_400_000;
  return rows.flatMap((r) => {
    const kind = kindOf.get(r.kind_id as number);
    if (!kind) return [];
    const certificate = { startsOn: r.starts_on as CalendarDate, endsOn: r.ends_on as CalendarDate };
    const standing = evaluateStanding(kind.rules, certificate, countedEntries(r.entries), today);
    const groups = new Map(kind.rules.groups.map((g) => [g.key, g.name]));
    const shortfalls = standing.shortfalls.map((s) => {
      const name = 'group' in s ? groups.get(s.group) : undefined;
      return {
        ...s,
        groupName: name && { 'zh-tw': pickText(name, 'zh-tw'), 'en-us': pickText(name, 'en-us') },
        topicName:
          'topic' in s
            ? { 'zh-tw': topicName(kind.rules, s.topic, 'zh-tw'), 'en-us': topicName(kind.rules, s.topic, 'en-us') }
            : undefined,
      };
    });
    const remindedAt = r.reminded_at ? new Date(r.reminded_at as string) : null;
    const names = { zh: r.name_zh as string, en: r.name_en as string };
    const holderLocale = isLocale(r.preferred_locale as string) ? (r.preferred_locale as Locale) : 'zh-tw';
    return [
      {
        row: {
          accountId: r.account_id as number,
          email: r.email as string,
          name: localName(names, locale),
          memberNo: (r.member_no as string | null) ?? null,
          certification: pickText(kind.name, locale),
          certificationId: kind.id,
          certificateNumber: r.number as string,
          endsOn: certificate.endsOn,
          missing: pointsOf(Math.max(0, ...standing.shortfalls.map((s) => s.missing))),
          shortfalls: shortfalls.map((s) => ({
            kind: s.kind,
            missing: pointsOf(s.missing),
            text: shortfallText(t, {
              ...s,
              missing: pointsOf(s.missing),
              groupName: s.groupName?.[locale],
              topicName: s.topicName?.[locale],
            }),
          })),
          remindedAt: remindedAt?.toISOString() ?? null,
          mayRemind: !remindedAt || remindedAt.getTime() <= remindAfter,
        },
        holderLocale,
        holderName: localName(names, holderLocale),
        kindName: { 'zh-tw': pickText(kind.name, 'zh-tw'), 'en-us': pickText(kind.name, 'en-us') },
        shortfalls,
        met: standing.met,
      },
    ];
  });
}

/**
 * Certificates ending within `horizon` months whose holders are short of their rules, with what
 * each lacks (in the reader's language), and how many end in each month ahead, short or not.
 */
export async function complianceReport(horizon: number, locale: Locale, now = new Date()): Promise<ComplianceReport> {
  const counted = await countCertificates(horizon, locale, now);
  const months = monthsAhead(taipeiDate(now), horizon + 1);
  const tally = (met: boolean) =>
    months.map((m) => counted.filter((c) => c.met === met && monthOf(c.row.endsOn) === m.month).length);
  return {
    horizon,
    reminderDays: REMINDER_DAYS,
    ahead: { months: months.map((m) => m.month), short: tally(false), met: tally(true) },
    rows: counted.filter((c) => !c.met).map((c) => c.row),
  };
}

const EXPORT_COLUMNS = [
  'memberNo',
  'name',
  'email',
  'certification',
  'certificateNumber',
  'endsOn',
  'missingPoints',
  'shortfalls',
  'remindedAt',
] as const;

/**
 * The compliance list as a file: CSV (UTF-8 with a byte-order mark; formula-like cells guarded)
 * or an Excel workbook, in the reader's language. Taking it is written to the audit log.
 */
export async function exportCompliance(
  actor: Actor,
  query: { horizon: number; format: 'csv' | 'xlsx' },
  locale: Locale,
  ip: string,
): Promise<TableFile> {
  const report = await complianceReport(query.horizon, locale);
  const { db } = (await runtime()).database;
  await recordAudit(db, {
    actor: { userType: 'individual', accountId: actor.accountId },
    action: 'reports.exported',
    ip,
    detail: { report: 'creditCompliance', horizon: query.horizon, format: query.format, rows: report.rows.length },
  });
  const lines = report.rows.map((r) => [
    r.memberNo ?? '',
    r.name,
    r.email,
    r.certification,
    r.certificateNumber,
    r.endsOn,
    String(r.missing),
    r.shortfalls.map((s) => s.text).join('; '),
    r.remindedAt ?? '',
  ]);
  return tableFile(query.format, {
    name: `credit-compliance-${taipeiDate()}`,
    sheet: 'compliance',
    header: EXPORT_COLUMNS,
    lines,
  });
}

export interface RemindersResult {
  sent: number[];
  skipped: { accountId: number; reason: 'recentlyReminded' | 'notListed' }[];
}

/**
 * Mails each listed member (or those of `accountIds` who are listed) what they lack for each of
 * their certificates ending within the horizon, in their language, with a link to their standing.
 * A member reminded in the last `REMINDER_DAYS` days is skipped. The mails and an audit entry per
 * member are written in one transaction, after locking the members' accounts, so two staff
 * sending at once cannot remind anyone twice.
 */
export async function sendCreditReminders(
  actor: Actor,
  input: { horizon: number; accountIds?: number[] | undefined },
  ip: string,
  now = new Date(),
): Promise<RemindersResult> {
  const counted = (await countCertificates(input.horizon, 'zh-tw', now)).filter((c) => !c.met);
  const byAccount = new Map<number, Counted[]>();
  for (const c of counted) byAccount.set(c.row.accountId, [...(byAccount.get(c.row.accountId) ?? []), c]);
  const wanted = input.accountIds ? [...new Set(input.accountIds)] : [...byAccount.keys()];
  const skipped: RemindersResult['skipped'] = wanted
    .filter((id) => !byAccount.has(id))
    .map((accountId) => ({ accountId, reason: 'notListed' }));
  const chosen = wanted.filter((id) => byAccount.has(id)).sort((a, b) => a - b);
  if (chosen.length === 0) return { sent: [], skipped };
  const site = await mailSite();
  const { db } = (await runtime()).database;
  const since = new Date(now.getTime() - REMINDER_DAYS * 86_400_000);
  const ids = sql.join(
    chosen.map((id) => sql`${id}`),
    sql`, `,
  );
  const sent = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM accounts WHERE id IN (${ids}) ORDER BY id FOR UPDATE`);
    const recent = await tx.execute<{ target_id: string }>(sql`
      SELECT DISTINCT target_id FROM audit_log
      WHERE target_type = 'account' AND target_id IN (${sql.join(
        chosen.map((id) => sql`${String(id)}`),
        sql`, `,
      )}) AND action = ${REMINDER_ACTION} AND at > ${since}`);
    const reminded = new Set(recent.rows.map((r) => Number(r.target_id)));
    const toSend = chosen.filter((id) => !reminded.has(id));
    for (const id of chosen) if (reminded.has(id)) skipped.push({ accountId: id, reason: 'recentlyReminded' });
    if (toSend.length === 0) return [];
    const mails = toSend.map((id) => {
      const certificates = byAccount.get(id)!;
      const first = certificates[0]!;
      const locale = first.holderLocale;
      const t = getT(locale);
      const path =
        certificates.length === 1 ? `/member/certification/${first.row.certificationId}` : '/credit/overview';
      return {
        to: first.row.email,
        locale,
        ...creditReminder({
          siteName: site.siteName[locale],
          locale,
          name: first.holderName,
          certificates: certificates.map((c) => ({
            name: c.kindName[locale],
            number: c.row.certificateNumber,
            endsOn: c.row.endsOn,
            lacks: c.shortfalls.map((s) =>
              shortfallText(t, {
                ...s,
                missing: pointsOf(s.missing),
                groupName: s.groupName?.[locale],
                topicName: s.topicName?.[locale],
              }),
            ),
          })),
          url: site.origin + localePath(path, locale),
        }),
      };
    });
    await enqueueMails(tx, mails, {
      kind: 'credits.reminder',
      eraseAfter: new Date(now.getTime() + 30 * 86_400_000),
    });
    await recordAudit(
      tx,
      toSend.map((id) => ({
        actor: { userType: 'individual' as const, accountId: actor.accountId },
        action: REMINDER_ACTION,
        ip,
        target: { type: 'account', id },
        detail: {
          horizon: input.horizon,
          certificates: byAccount.get(id)!.map((c) => ({
            kindId: c.row.certificationId,
            number: c.row.certificateNumber,
            endsOn: c.row.endsOn,
            missing: c.row.missing,
          })),
        },
      })),
    );
    return toSend;
  });
  return { sent, skipped };
}

/** Course applications sent from `$1`, and courses approved from `$1` with their sessions' points (one statement). */
const COURSE_VOLUME = `
  SELECT
    (SELECT json_object_agg(s.month, s.n) FROM (
      SELECT to_char(timezone('UTC', a.submitted_at) + interval '8 hours', 'YYYY-MM') AS month, count(*) AS n
      FROM applications a WHERE a.type = 'course' AND a.submitted_at >= $1 GROUP BY 1) s) AS submitted,
    (SELECT json_agg(json_build_array(c.month, c.n, c.accredited, c.points)) FROM (
      SELECT to_char(timezone('UTC', c.created_at) + interval '8 hours', 'YYYY-MM') AS month, count(*) AS n,
        count(*) FILTER (WHERE c.status = 'accredited') AS accredited,
        COALESCE(sum(p.points), 0) AS points
      FROM courses c
        LEFT JOIN (SELECT course_id, sum(points) AS points FROM course_sessions GROUP BY course_id) p
          ON p.course_id = c.id
      WHERE c.created_at >= $1 GROUP BY 1) c) AS approved`;

export interface CoursesReport {
  months: string[];
  submitted: number[];
  approved: number[];
  accredited: number[];
  points: number[];
}

export async function coursesReport(months: number, now = new Date()): Promise<CoursesReport> {
  const window = reportMonths(taipeiDate(now), months);
  const rt = await runtime();
  const [row] = await rt.database.prepared('report_course_volume', COURSE_VOLUME, [
    startOfTaipeiDate(window[0]!.first),
  ]);
  const submitted = (row?.submitted ?? {}) as Record<string, number>;
  const approved = (row?.approved ?? []) as [string, number, number, number][];
  const of = (month: string) => approved.find(([m]) => m === month);
  return {
    months: window.map((m) => m.month),
    submitted: window.map((m) => Number(submitted[m.month] ?? 0)),
    approved: window.map((m) => Number(of(m.month)?.[1] ?? 0)),
    accredited: window.map((m) => Number(of(m.month)?.[2] ?? 0)),
    points: window.map((m) => pointsOf(Number(of(m.month)?.[3] ?? 0))),
  };
}
