/**
 * The office's people desk (DESIGN.md §19): find members, web users and organisations by name,
 * number, e-mail or national ID (matched by its keyed hash, shown masked), and read one person's
 * whole story in one statement: account, membership with its terms and history, applications,
 * orders with their payments, credits, papers, roles and the audit entries about them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import type { I18nText } from '../../../lib/i18n-text';
import type { PaperText } from '../../../lib/papers/model';
import { statusOn, type MembershipStatus } from '../../../lib/membership/terms';
import type { ReviewDecision, ReviewQueue } from '../../../lib/roles';
import type { IndividualDetail } from '../../../lib/schemas/account-responses';
import type { PERSON_KINDS } from '../../../lib/schemas/staff';
import { maskPersonId, normalizePersonId, personIdKind } from '../../../lib/validators/tw-id';
import { decrypt } from '../../auth/secrets';
import type { Actor } from '../../auth/sessions';
import type { UserType } from '../../db/schema';
import { runtime } from '../../runtime';
import { personIdHash } from '../accounts/account-store';
import { recordAudit } from '../accounts/audit';
import { datesOf, getMembershipSettings, listMemberClasses, rulesOf } from '../membership/rules';
import { escapeLike } from '../../db/like';

/** The most hits a search shows; more asks the reader to narrow it. */
export const PEOPLE_PAGE = 50;

export type PersonKind = (typeof PERSON_KINDS)[number];

export interface PeopleFilter {
  q?: string | undefined;
  kind?: PersonKind | undefined;
}

export interface MembershipDatesRow {
  class_id: number | null;
  term_end: string | null;
  paused_from: string | null;
  paused_until: string | null;
  last_day: string | null;
}

export interface PersonHit {
  userType: UserType;
  id: number;
  kind: PersonKind;
  nameZh: string;
  nameEn: string;
  email: string;
  /** The member number, or an organisation's business number. */
  number: string | null;
  /** Individuals: the national ID masked (`A12****789`). */
  personIdMasked: string | null;
  classId: number | null;
  status: MembershipStatus | null;
  /** No password yet: a member brought over from an old system who has not signed in. */
  awaitingFirstSignIn: boolean;
  /** Closed by the office. */
  closed: boolean;
}

/** The membership's status today, from its dates and the society's rules (null: no membership). */
export async function statusOf(row: MembershipDatesRow): Promise<MembershipStatus | null> {
  if (row.class_id === null) return null;
  const [classes, settings] = await Promise.all([listMemberClasses(), getMembershipSettings()]);
  const cls = classes.find((c) => c.id === row.class_id);
  const dates = {
    termEnd: row.term_end,
    pausedFrom: row.paused_from,
    pausedUntil: row.paused_until,
    lastDay: row.last_day,
  };
  return statusOn(datesOf(dates, cls), taipeiDate(), rulesOf(settings));
}

/**
 * One statement: individuals (with their membership) and organisations matching the words, newest
 * first. Words that are a valid national ID or resident certificate number match that ID exactly
 * (by its keyed hash); otherwise they match names, e-mail, member number, mobile, business number
 * or an organisation's contact. No words: the newest accounts.
 */
export async function searchPeople(
  staff: Actor,
  filter: PeopleFilter,
  ip: string,
): Promise<{ rows: PersonHit[]; more: boolean }> {
  const rt = await runtime();
  const q = filter.q?.trim() ?? '';
  const id = normalizePersonId(q);
  const byId = q !== '' && personIdKind(id) !== null ? await personIdHash(id) : null;
  const like = escapeLike(q);
  const individual: SQL = byId
    ? sql`a.person_id_hash = ${byId}`
    : q === ''
      ? sql`true`
      : sql`(a.name_zh ILIKE ${like} OR a.name_en ILIKE ${like} OR a.email ILIKE ${like}
          OR m.member_no ILIKE ${like} OR a.mobile ILIKE ${like})`;
  const organisation: SQL = byId
    ? sql`false`
    : q === ''
      ? sql`true`
      : sql`(o.name ILIKE ${like} OR o.name_en ILIKE ${like} OR o.email ILIKE ${like}
          OR o.tax_id ILIKE ${like} OR o.contact_name ILIKE ${like})`;
  const kind = filter.kind;
  const wantIndividuals = kind !== 'organisation';
  const kindCondition =
    kind === 'member' ? sql` AND m.id IS NOT NULL` : kind === 'webUser' ? sql` AND m.id IS NULL` : sql``;
  const parts: SQL[] = [];
  if (wantIndividuals)
    parts.push(sql`SELECT 'individual' AS user_type, a.id, a.name_zh, a.name_en, a.email, a.person_id_encrypted,
        m.member_no AS number, m.class_id, m.term_end::text, m.paused_from::text, m.paused_until::text,
        m.last_day::text, (a.password_hash IS NULL) AS awaiting, (a.closed_at IS NOT NULL) AS closed, a.created_at
      FROM accounts a LEFT JOIN memberships m ON m.account_id = a.id
      WHERE ${individual}${kindCondition}`);
  if (kind === undefined || kind === 'organisation')
    parts.push(sql`SELECT 'organ' AS user_type, o.id, o.name AS name_zh, o.name_en, o.email, NULL AS person_id_encrypted,
        o.tax_id AS number, NULL::int AS class_id, NULL AS term_end, NULL AS paused_from, NULL AS paused_until,
        NULL AS last_day, false AS awaiting, false AS closed, o.created_at
      FROM organisations o WHERE ${organisation}`);
  const result = await rt.database.db.execute<Record<string, unknown> & MembershipDatesRow>(
    sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) p
      ORDER BY p.created_at DESC, p.user_type, p.id DESC LIMIT ${PEOPLE_PAGE + 1}`,
  );
  const rows = await Promise.all(
    result.rows.slice(0, PEOPLE_PAGE).map(async (r): Promise<PersonHit> => {
      const userType = r.user_type as UserType;
      const status = userType === 'individual' ? await statusOf(r) : null;
      return {
        userType,
        id: r.id as number,
        kind: userType === 'organ' ? 'organisation' : r.class_id === null ? 'webUser' : 'member',
        nameZh: r.name_zh as string,
        nameEn: r.name_en as string,
        email: r.email as string,
        number: (r.number as string | null) ?? null,
        personIdMasked:
          typeof r.person_id_encrypted === 'string'
            ? maskPersonId(decrypt(rt.secrets.personIdKey, r.person_id_encrypted))
            : null,
        classId: r.class_id,
        status,
        awaitingFirstSignIn: r.awaiting === true,
        closed: r.closed === true,
      };
    }),
  );
  // A search with words reads people's data: who searched, the kind of words (never the words: a
  // national ID, a name) and whom it found, in one insert.
  if (q !== '')
    await recordAudit(rt.database.db, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'person.searched',
      ip,
      detail: {
        words: byId ? 'personId' : 'text',
        ...(kind ? { kind } : {}),
        found: rows.filter((r) => r.userType === 'individual').map((r) => r.id),
        organisations: rows.filter((r) => r.userType === 'organ').map((r) => r.id),
      },
    });
  return { rows, more: result.rows.length > PEOPLE_PAGE };
}

/** The audit entries of reading people's data (kept in the log, left out of a story's list). */
const READ_ACTIONS = ['person.searched', 'person.storyRead'] as const;

/** How many of each list the story shows (newest first); the counts say how many there are. */
export const STORY_ROWS = 20;

export interface StoryList<T> {
  rows: T[];
  total: number;
}

export interface PersonStory {
  /** The profile as its owner reads it, under `id`, with the account's state. */
  account: Omit<IndividualDetail, 'accountId'> & {
    id: number;
    lineLinked: boolean;
    emailVerifiedAt: string | null;
    awaitingFirstSignIn: boolean;
    closedAt: string | null;
    /** The account this one was merged into (it is then closed). */
    mergedInto: number | null;
    createdAt: string;
  };
  membership: {
    memberNo: string;
    classId: number;
    status: MembershipStatus;
    joinedOn: string;
    termStart: string;
    termEnd: string | null;
    pausedFrom: string | null;
    pausedUntil: string | null;
    lastDay: string | null;
    terms: { classId: number; start: string; end: string | null }[];
    events: { kind: string; fromStatus: string | null; toStatus: string | null; at: string }[];
  } | null;
  applications: StoryList<{
    id: number;
    number: string;
    type: string;
    state: string;
    classId: number | null;
    amount: number;
    submittedAt: string | null;
    decidedAt: string | null;
    /** The review item open on it (the queue's desk handles it), if any. */
    openItem: { id: number; queue: ReviewQueue } | null;
    /** The newest decision of its reviewers, with the comment they gave. */
    decision: { decision: ReviewDecision; comment: string } | null;
  }>;
  orders: StoryList<{
    id: number;
    number: string;
    description: I18nText;
    amount: number;
    status: string;
    receiptNo: string | null;
    createdAt: string;
    paidAt: string | null;
    payments: {
      amount: number;
      method: string;
      source: string;
      paidAt: string | null;
      surplus: boolean;
      /** NT$ of it refunded (finance's refunds). */
      refunded: number;
    }[];
  }>;
  credits: StoryList<{
    id: number;
    kindId: number;
    points: number;
    title: I18nText;
    provider: string;
    earnedOn: string;
    status: string;
    source: string;
  }>;
  certificates: { kindId: number; number: string; startsOn: string; endsOn: string }[];
  papers: StoryList<{ id: number; number: string; status: string; title: PaperText; submittedAt: string | null }>;
  roles: { role: string; grantedBy: string; grantedAt: string }[];
  audit: StoryList<{
    id: number;
    at: string;
    action: string;
    actorType: string;
    actorId: number | null;
    actorEmail: string | null;
    ip: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    detail: Record<string, unknown> | null;
  }>;
}

/** `jsonb` of the newest STORY_ROWS rows of a subquery, and their count, as `{ rows, total }`. */
const listOf = (rows: SQL, order: SQL) =>
  sql`(SELECT jsonb_build_object('rows', COALESCE(jsonb_agg(x ORDER BY ${order}) FILTER (WHERE x.n <= ${STORY_ROWS}), '[]'::jsonb), 'total', count(*))
    FROM (${rows}) x)`;

/**
 * One person's whole story (null: no such individual account), read in one statement; the reading
 * is audited (`person.storyRead`: who, whom, when) in one insert. The story's own audit list holds
 * the changes on or by the person, not these reads (the audit log has them).
 */
export async function personStory(staff: Actor, accountId: number, ip: string): Promise<PersonStory | null> {
  const rt = await runtime();
  const result = await rt.database.db.execute<Record<string, unknown>>(sql`
    SELECT a.*, a.birth_date::text AS birth_day,
      (SELECT jsonb_build_object('id', m.id, 'memberNo', m.member_no, 'classId', m.class_id, 'joinedOn', m.joined_on,
          'termStart', m.term_start, 'termEnd', m.term_end, 'pausedFrom', m.paused_from, 'pausedUntil', m.paused_until,
          'lastDay', m.last_day,
          'terms', (SELECT COALESCE(jsonb_agg(jsonb_build_object('classId', t.class_id, 'start', t.start, 'end', t."end")
              ORDER BY t.start DESC, t.id DESC), '[]'::jsonb) FROM membership_terms t WHERE t.membership_id = m.id),
          'events', (SELECT COALESCE(jsonb_agg(jsonb_build_object('kind', e.kind, 'fromStatus', e.from_status,
              'toStatus', e.to_status, 'at', e.at) ORDER BY e.at DESC, e.id DESC), '[]'::jsonb)
            FROM membership_events e WHERE e.membership_id = m.id))
        FROM memberships m WHERE m.account_id = a.id) AS membership,
      ${listOf(
        sql`SELECT p.id, p.number, p.type, p.state, p.class_id AS "classId", p.amount, p.submitted_at AS "submittedAt",
            p.decided_at AS "decidedAt",
            (SELECT jsonb_build_object('id', i.id, 'queue', i.queue) FROM review_items i
              WHERE i.subject_id = p.id AND i.queue IN ('membership', 'memberStatus') AND i.status = 'open'
              ORDER BY i.id DESC LIMIT 1) AS "openItem",
            (SELECT jsonb_build_object('decision', d.decision, 'comment', d.comment) FROM review_decisions d
              JOIN review_items i ON i.id = d.item_id
              WHERE i.subject_id = p.id AND i.queue IN ('membership', 'memberStatus')
              ORDER BY d.at DESC, d.id DESC LIMIT 1) AS decision,
            row_number() OVER (ORDER BY p.id DESC) AS n
          FROM applications p WHERE p.account_id = a.id`,
        sql`x.id DESC`,
      )} AS applications,
      ${listOf(
        sql`SELECT o.id, o.number, o.description, o.amount, o.status, o.receipt_no AS "receiptNo",
            o.created_at AS "createdAt", o.paid_at AS "paidAt",
            (SELECT COALESCE(jsonb_agg(jsonb_build_object('amount', y.amount, 'method', y.method, 'source', y.source,
                'paidAt', y.paid_at, 'surplus', y.surplus,
                'refunded', (SELECT coalesce(sum(f.amount), 0) FROM refunds f WHERE f.payment_id = y.id)) ORDER BY y.id), '[]'::jsonb)
              FROM payments y WHERE y.order_id = o.id) AS payments,
            row_number() OVER (ORDER BY o.id DESC) AS n
          FROM orders o WHERE o.account_id = a.id`,
        sql`x.id DESC`,
      )} AS orders,
      ${listOf(
        sql`SELECT c.id, c.kind_id AS "kindId", c.points, c.title, c.provider, c.earned_on AS "earnedOn", c.status,
            c.source, row_number() OVER (ORDER BY c.earned_on DESC, c.id DESC) AS n
          FROM credit_entries c WHERE c.account_id = a.id`,
        sql`x.n`,
      )} AS credits,
      (SELECT COALESCE(jsonb_agg(jsonb_build_object('kindId', c.kind_id, 'number', c.number, 'startsOn', c.starts_on,
          'endsOn', c.ends_on) ORDER BY c.ends_on DESC), '[]'::jsonb)
        FROM member_certificates c WHERE c.account_id = a.id) AS certificates,
      ${listOf(
        sql`SELECT p.id, p.number, p.status, p.title, p.submitted_at AS "submittedAt",
            row_number() OVER (ORDER BY p.id DESC) AS n
          FROM papers p WHERE p.account_id = a.id`,
        sql`x.id DESC`,
      )} AS papers,
      (SELECT COALESCE(jsonb_agg(jsonb_build_object('role', r.role, 'grantedBy', r.granted_by, 'grantedAt', r.granted_at)
          ORDER BY r.role), '[]'::jsonb) FROM account_roles r WHERE r.account_id = a.id) AS roles,
      ${listOf(
        sql`SELECT l.id, l.at, l.action, l.actor_type AS "actorType", l.actor_id AS "actorId",
            COALESCE(w.email, g.email) AS "actorEmail", l.ip, l.before, l.after, l.detail,
            row_number() OVER (ORDER BY l.id DESC) AS n
          FROM audit_log l
            LEFT JOIN accounts w ON l.actor_type = 'individual' AND w.id = l.actor_id
            LEFT JOIN organisations g ON l.actor_type = 'organ' AND g.id = l.actor_id
          WHERE ((l.target_type = 'account' AND l.target_id = a.id::text)
            OR (l.actor_type = 'individual' AND l.actor_id = a.id))
            AND l.action NOT IN (${sql.join(
              READ_ACTIONS.map((action) => sql`${action}`),
              sql`, `,
            )})`,
        sql`x.id DESC`,
      )} AS audit
    FROM accounts a WHERE a.id = ${accountId}`);
  const r = result.rows[0];
  if (!r) return null;
  await recordAudit(rt.database.db, {
    actor: { userType: 'individual', accountId: staff.accountId },
    action: 'person.storyRead',
    ip,
    target: { type: 'account', id: accountId },
  });
  const iso = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string).toISOString();
  const m = r.membership as (Omit<NonNullable<PersonStory['membership']>, 'status'> & { id: number }) | null;
  const membership = m
    ? {
        ...m,
        status: (await statusOf({
          class_id: m.classId,
          term_end: m.termEnd,
          paused_from: m.pausedFrom,
          paused_until: m.pausedUntil,
          last_day: m.lastDay,
        }))!,
      }
    : null;
  return {
    account: {
      id: r.id as number,
      email: r.email as string,
      nameZh: r.name_zh as string,
      nameEn: r.name_en as string,
      personIdMasked: maskPersonId(decrypt(rt.secrets.personIdKey, r.person_id_encrypted as string)),
      birthDate: (r.birth_day as string | null) ?? null,
      gender: (r.gender as PersonStory['account']['gender']) ?? null,
      mobile: r.mobile as string,
      phone: r.phone as string,
      postalCode: r.postal_code as string,
      address: r.address as string,
      workplace: r.workplace as string,
      department: r.department as string,
      jobTitle: r.job_title as string,
      education: r.education as string,
      preferredLocale: r.preferred_locale as string,
      lineLinked: r.line_user_id !== null,
      emailVerifiedAt: iso(r.email_verified_at),
      awaitingFirstSignIn: r.password_hash === null,
      closedAt: iso(r.closed_at),
      mergedInto: (r.merged_into as number | null) ?? null,
      createdAt: iso(r.created_at)!,
      updatedAt: iso(r.updated_at)!,
    },
    membership,
    applications: r.applications as PersonStory['applications'],
    orders: r.orders as PersonStory['orders'],
    credits: r.credits as PersonStory['credits'],
    certificates: r.certificates as PersonStory['certificates'],
    papers: r.papers as PersonStory['papers'],
    roles: r.roles as PersonStory['roles'],
    audit: r.audit as PersonStory['audit'],
  };
}
