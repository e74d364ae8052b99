import { type CalendarDate, taipeiDate } from '../../../lib/calendar-date';
import {
  CREDIT_CLASSES,
  CREDIT_METHODS,
  type CreditClass,
  type CreditMethod,
  type CreditTopic,
  type EntryStatus,
  evaluateStanding,
  type LedgerEntry,
  type NotCountedReason,
  pointsOf,
  type Shortfall,
  type Standing,
  topicName,
} from '../../../lib/credits/rules';
import { ErrorCode } from '../../../lib/error-codes';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import type { CreditSource } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { type CertificationKind, getPublishedKind } from './certifications';

/** One line of the ledger as the member reads it, in points. */
export interface LedgerLine {
  id: number;
  title: string;
  provider: string;
  points: number;
  /** Points counted toward the current certificate; null without one. */
  counted: number | null;
  reason: NotCountedReason | null;
  creditClass: CreditClass;
  category: string;
  categoryName: string;
  method: CreditMethod;
  topics: CreditTopic[];
  /** The topics' names in the certification's rules, in the reader's language. */
  topicNames: string[];
  earnedOn: CalendarDate;
  source: CreditSource;
  note: string;
}

/** Where the member stands, in points, with the names of the rule set's groups. */
export interface StandingView {
  met: boolean;
  total: { have: number; need: number };
  classes: { creditClass: CreditClass; have: number; need: number }[];
  groups: {
    key: string;
    name: string;
    categoryNames: string[];
    have: number;
    min: number;
    cap: number | null;
    over: number;
    topics: { topic: CreditTopic; name: string; have: number; need: number }[];
  }[];
  methods: { method: CreditMethod; have: number; cap: number; over: number }[];
  shortfalls: (Shortfall & { groupName?: string; topicName?: string })[];
  window: Standing['window'];
}

export interface LedgerFilters {
  year?: number;
  category?: string;
  method?: CreditMethod;
  creditClass?: CreditClass;
  counted?: 'yes' | 'no';
}

export interface CertificationStanding {
  kind: { id: number; code: string; name: string; issuer: string };
  certificate: { number: string; startsOn: CalendarDate; endsOn: CalendarDate } | null;
  standing: StandingView | null;
  /** The ledger's lines the filters keep, newest first. */
  ledger: LedgerLine[];
  /** Lines before filtering. */
  ledgerSize: number;
  /** What the filters may choose from. */
  options: {
    years: number[];
    categories: { key: string; name: string }[];
    methods: CreditMethod[];
    classes: CreditClass[];
  };
}

/**
 * An entry's provider in both languages: the name as recorded, and the English name of the
 * organisation (a hospital holding a course) or of the society whose name it is, where one is kept.
 */
const PROVIDER_NAMES = `json_build_object('zh-tw', e.provider, 'en-us', COALESCE(
    (SELECT NULLIF(o.name_en, '') FROM organisations o WHERE o.name = e.provider LIMIT 1),
    (SELECT w.name ->> 'en-us' FROM web_info w WHERE w.name ->> 'zh-tw' = e.provider LIMIT 1)))`;

/**
 * The member's latest certificate of a kind and their whole ledger for it, in one statement
 * (JSON arrays, in the columns' order).
 */
const OWN_CERTIFICATION = `
  SELECT
    (SELECT json_build_array(c.id, c.number, c.starts_on, c.ends_on) FROM member_certificates c
      WHERE c.account_id = $1 AND c.kind_id = $2 ORDER BY c.ends_on DESC, c.id DESC LIMIT 1) AS certificate,
    (SELECT json_agg(json_build_array(e.id, e.points, e.credit_class, e.category, e.method, e.topics, e.title,
        ${PROVIDER_NAMES}, e.source, e.earned_on, e.status, e.note) ORDER BY e.earned_on, e.id)
      FROM credit_entries e WHERE e.account_id = $1 AND e.kind_id = $2) AS entries`;

type EntryTuple = [
  number,
  number,
  CreditClass,
  string,
  CreditMethod,
  CreditTopic[],
  I18nText,
  I18nText,
  CreditSource,
  CalendarDate,
  EntryStatus,
  string,
];

function standingView(kind: CertificationKind, standing: Standing, locale: Locale): StandingView {
  const categoryName = new Map(kind.rules.categories.map((c) => [c.key, pickText(c.name, locale)]));
  const groupName = new Map(kind.rules.groups.map((g) => [g.key, pickText(g.name, locale)]));
  return {
    met: standing.met,
    total: { have: pointsOf(standing.total.have), need: pointsOf(standing.total.need) },
    classes: standing.classes.map((c) => ({ ...c, have: pointsOf(c.have), need: pointsOf(c.need) })),
    groups: standing.groups.map((g) => ({
      key: g.key,
      name: groupName.get(g.key) ?? g.key,
      categoryNames: (kind.rules.groups.find((r) => r.key === g.key)?.categories ?? []).map(
        (c) => categoryName.get(c) ?? c,
      ),
      have: pointsOf(g.have),
      min: pointsOf(g.min),
      cap: g.cap === null ? null : pointsOf(g.cap),
      over: pointsOf(g.over),
      topics: g.topics.map((t) => ({
        ...t,
        name: topicName(kind.rules, t.topic, locale),
        have: pointsOf(t.have),
        need: pointsOf(t.need),
      })),
    })),
    methods: standing.methods.map((m) => ({
      ...m,
      have: pointsOf(m.have),
      cap: pointsOf(m.cap),
      over: pointsOf(m.over),
    })),
    shortfalls: standing.shortfalls.map((s) => ({
      ...s,
      missing: pointsOf(s.missing),
      ...('group' in s ? { groupName: groupName.get(s.group) ?? s.group } : {}),
      ...('topic' in s ? { topicName: topicName(kind.rules, s.topic, locale) } : {}),
    })),
    window: standing.window,
  };
}

function keep(line: LedgerLine, f: LedgerFilters): boolean {
  if (f.year !== undefined && Number(line.earnedOn.slice(0, 4)) !== f.year) return false;
  if (f.category !== undefined && line.category !== f.category) return false;
  if (f.method !== undefined && line.method !== f.method) return false;
  if (f.creditClass !== undefined && line.creditClass !== f.creditClass) return false;
  if (f.counted === 'yes' && !(line.counted !== null && line.counted > 0)) return false;
  if (f.counted === 'no' && !(line.counted === null || line.counted < line.points)) return false;
  return true;
}

/** The member's latest certificate of a kind (with its row id) and their whole ledger for it, as read. */
export interface OwnCertification {
  kind: CertificationKind;
  certificate: { id: number; number: string; startsOn: CalendarDate; endsOn: CalendarDate } | null;
  lines: {
    entry: LedgerEntry;
    title: I18nText;
    provider: I18nText;
    source: CreditSource;
    note: string;
  }[];
  standing: Standing | null;
}

/**
 * Reads the member's latest certificate of a published kind and their ledger for it (one
 * statement) and counts the ledger against the kind's rules. An unknown or unpublished kind -6.
 */
export async function readOwnCertification(
  accountId: number,
  kindId: number,
  today: CalendarDate = taipeiDate(),
): Promise<OwnCertification> {
  const kind = await getPublishedKind(kindId);
  if (!kind) throw new AppError(ErrorCode.NO_DATA);
  const { prepared } = (await runtime()).database;
  const [row] = await prepared('own_certification', OWN_CERTIFICATION, [accountId, kind.id]);
  const c = row?.certificate as [number, string, CalendarDate, CalendarDate] | null;
  const certificate = c ? { id: c[0], number: c[1], startsOn: c[2], endsOn: c[3] } : null;
  const lines = ((row?.entries ?? []) as EntryTuple[]).map(
    ([id, points, creditClass, category, method, topics, title, provider, source, earnedOn, status, note]) => ({
      entry: { id, points, creditClass, category, method, topics, earnedOn, status },
      title,
      provider,
      source,
      note,
    }),
  );
  const standing = certificate
    ? evaluateStanding(
        kind.rules,
        certificate,
        lines.map((l) => l.entry),
        today,
      )
    : null;
  return { kind, certificate, lines, standing };
}

/**
 * The subquery that reads account `accountId`'s ledger of the kind `kindId` (columns or parameters)
 * as the rules count it, one JSON array per entry: map its result with `countedEntries`.
 */
export function countedEntriesOf(accountId: string, kindId: string): string {
  return `(SELECT json_agg(json_build_array(e.id, e.points, e.credit_class, e.category, e.method, e.topics,
        e.earned_on, e.status) ORDER BY e.earned_on, e.id)
      FROM credit_entries e WHERE e.account_id = ${accountId} AND e.kind_id = ${kindId})`;
}

type CountedTuple = [number, number, CreditClass, string, CreditMethod, CreditTopic[], CalendarDate, EntryStatus];

/** The ledger entries of a `countedEntriesOf` column (null when the ledger is empty). */
export function countedEntries(column: unknown): LedgerEntry[] {
  return ((column ?? []) as CountedTuple[]).map(
    ([id, points, creditClass, category, method, topics, earnedOn, status]) => ({
      id,
      points,
      creditClass,
      category,
      method,
      topics,
      earnedOn,
      status,
    }),
  );
}

/**
 * Columns of a member's (`accountId`) latest certificate of a kind (`kindId`; columns or
 * parameters) and their ledger's entries as the rules count them, without what only the ledger's
 * page shows: for a reader that shows beside something else what a claim would add (the credit
 * review page reads them with the claim). Map them with `ledgerOfRow`.
 */
export function ledgerColumns(accountId: string, kindId: string): string[] {
  return [
    `(SELECT json_build_array(c.id, c.number, c.starts_on, c.ends_on) FROM member_certificates c
      WHERE c.account_id = ${accountId} AND c.kind_id = ${kindId} ORDER BY c.ends_on DESC, c.id DESC LIMIT 1) AS certificate`,
    `${countedEntriesOf(accountId, kindId)} AS entries`,
  ];
}

/** The certificate (null when the member holds none of the kind) and the entries of a row with `ledgerColumns`. */
export function ledgerOfRow(
  row: Record<string, unknown>,
): Pick<OwnCertification, 'certificate'> & { entries: LedgerEntry[] } {
  const c = row.certificate as [number, string, CalendarDate, CalendarDate] | null;
  return {
    certificate: c ? { id: c[0], number: c[1], startsOn: c[2], endsOn: c[3] } : null,
    entries: countedEntries(row.entries),
  };
}

/**
 * Where the signed-in member stands for a certification kind: their latest certificate of it,
 * counted against its rules, and their ledger with the filters applied. An unknown or unpublished
 * kind answers -6.
 */
export async function getCertificationStanding(
  actor: Actor,
  kindId: number,
  locale: Locale,
  filters: LedgerFilters = {},
  today: CalendarDate = taipeiDate(),
): Promise<CertificationStanding> {
  const { kind, certificate, lines: read, standing } = await readOwnCertification(actor.accountId, kindId, today);
  const counts = new Map(standing?.entries.map((e) => [e.id, e]) ?? []);
  const categoryName = new Map(kind.rules.categories.map((c) => [c.key, pickText(c.name, locale)]));
  const lines: LedgerLine[] = read
    .map(({ entry, title, provider, source, note }) => {
      const count = counts.get(entry.id);
      return {
        id: entry.id,
        title: pickText(title, locale),
        provider: pickText(provider, locale),
        points: pointsOf(entry.points),
        counted: count ? pointsOf(count.counted) : null,
        reason: count?.reason ?? null,
        creditClass: entry.creditClass,
        category: entry.category,
        categoryName: categoryName.get(entry.category) ?? entry.category,
        method: entry.method,
        topics: entry.topics,
        topicNames: entry.topics.map((topic) => topicName(kind.rules, topic, locale)),
        earnedOn: entry.earnedOn,
        source,
        note,
      };
    })
    .reverse();
  return {
    kind: { id: kind.id, code: kind.code, name: pickText(kind.name, locale), issuer: pickText(kind.issuer, locale) },
    certificate: certificate && {
      number: certificate.number,
      startsOn: certificate.startsOn,
      endsOn: certificate.endsOn,
    },
    standing: standing ? standingView(kind, standing, locale) : null,
    ledger: lines.filter((line) => keep(line, filters)),
    ledgerSize: lines.length,
    options: {
      years: [...new Set(lines.map((l) => Number(l.earnedOn.slice(0, 4))))].sort((a, b) => b - a),
      categories: kind.rules.categories.map((c) => ({ key: c.key, name: pickText(c.name, locale) })),
      methods: CREDIT_METHODS.filter((m) => lines.some((l) => l.method === m)),
      classes: CREDIT_CLASSES.filter((c) => lines.some((l) => l.creditClass === c)),
    },
  };
}

/**
 * The ledger filters of a page's query string (`year`, `category`, `method`, `class`, `counted`);
 * a value that is not one of the choices is left out, so a stale link still shows the ledger.
 */
export function ledgerFiltersFrom(query: URLSearchParams): LedgerFilters {
  const filters: LedgerFilters = {};
  const year = query.get('year') ?? '';
  if (/^\d{4}$/.test(year)) filters.year = Number(year);
  const category = query.get('category') ?? '';
  if (/^[a-zA-Z][\w-]{0,39}$/.test(category)) filters.category = category;
  const method = query.get('method') ?? '';
  if ((CREDIT_METHODS as readonly string[]).includes(method)) filters.method = method as CreditMethod;
  const creditClass = query.get('class') ?? '';
  if ((CREDIT_CLASSES as readonly string[]).includes(creditClass)) filters.creditClass = creditClass as CreditClass;
  const counted = query.get('counted');
  if (counted === 'yes' || counted === 'no') filters.counted = counted;
  return filters;
}
