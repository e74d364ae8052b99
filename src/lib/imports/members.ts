/**
 * A line of a members file (`npm run import -- members`): what it says, checked (`readMemberLine`),
 * and what it does to the person it names (`planMember`): a new account and membership, a change,
 * or nothing. Pure: the import service brings the stored person and the society's classes.
 *
 * The rules: a blank cell never overwrites a stored value; the status is never stored as written
 * but follows from the dates (`statusOn`), so a status cell is a check of the dates, except
 * `ended`, which records the last day (the term's end if it has passed, else yesterday), and
 * `paused`, accepted only for a pause already recorded (the file has no pause dates).
 */
import { addDays, type CalendarDate } from '../calendar-date';
import type { I18nText } from '../i18n-text';
import { type MembershipRules, type MembershipStatus, statusOn } from '../membership/terms';
import { isPhoneNumber, normalizeTaiwanMobile } from '../validators/phone';
import { emailSchema } from '../validators/schemas';
import { normalizePersonId, personIdKind } from '../validators/tw-id';
import { parseDate } from './cells';
import type { MemberField } from './columns';
import type { LineProblem } from './problems';
import type { Locale } from '../locales';

export interface ClassInfo {
  id: number;
  code: string;
  name: I18nText;
  life: boolean;
}

/** What a line says; null for a blank cell. */
export interface MemberLine {
  line: number;
  memberNo: string | null;
  nameZh: string | null;
  nameEn: string | null;
  /** Normalised (`A123456789`). */
  personId: string | null;
  /** Lower case. */
  email: string | null;
  /** As written, checked: a Taiwanese mobile number (normalised) or another phone number. */
  phone: { kind: 'mobile' | 'phone'; value: string } | null;
  /** The member's language, as written (`zh-tw`, `English`, `中文`…). */
  language: Locale | null;
  classId: number | null;
  status: MembershipStatus | null;
  termStart: CalendarDate | null;
  termEnd: CalendarDate | null;
  joinedOn: CalendarDate | null;
}

type Problem = LineProblem<MemberField>;

/** A Chinese character: a name without one is an English name. */
const HAN = /\p{Script=Han}/u;

/** Member numbers as the roster reads them: letters, digits and hyphens. */
const MEMBER_NO = /^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/;

/** The spellings of the two languages a `language` cell may use (compared in lower case, without spaces). */
const LANGUAGE_WORDS: Record<string, Locale> = {
  'zh-tw': 'zh-tw',
  zh_tw: 'zh-tw',
  zhtw: 'zh-tw',
  zh: 'zh-tw',
  'zh-hant': 'zh-tw',
  'zh-hant-tw': 'zh-tw',
  tw: 'zh-tw',
  chinese: 'zh-tw',
  中文: 'zh-tw',
  繁體中文: 'zh-tw',
  華語: 'zh-tw',
  國語: 'zh-tw',
  'en-us': 'en-us',
  en_us: 'en-us',
  enus: 'en-us',
  en: 'en-us',
  'en-gb': 'en-us',
  english: 'en-us',
  英文: 'en-us',
  英語: 'en-us',
};

const STATUS_WORDS: Record<string, MembershipStatus> = {
  active: 'active',
  ingrace: 'inGrace',
  grace: 'inGrace',
  lapsed: 'lapsed',
  paused: 'paused',
  ended: 'ended',
  有效: 'active',
  寬限期: 'inGrace',
  停權: 'lapsed',
  暫停中: 'paused',
  暫停: 'paused',
  已退會: 'ended',
  退會: 'ended',
};

/** A member number as stored: full-width folded, without spaces; null when it cannot be one. */
export function memberNoOf(value: string): string | null {
  const memberNo = value.normalize('NFKC').replace(/\s+/g, '');
  return MEMBER_NO.test(memberNo) ? memberNo : null;
}

/** A national ID as stored (`A123456789`), or null when it is not a valid one. */
export function personIdOf(value: string): string | null {
  const personId = normalizePersonId(value);
  return personIdKind(personId) ? personId : null;
}

/** The class a cell names: its code, or its name in either language, in any case. */
export function classNamed(value: string, classes: readonly ClassInfo[]): ClassInfo | null {
  const key = value.normalize('NFKC').trim().toLowerCase();
  return (
    classes.find((c) => c.code.toLowerCase() === key) ??
    classes.find((c) => Object.values(c.name).some((name) => name?.trim().toLowerCase() === key)) ??
    null
  );
}

/** Reads and checks one line's cells; every problem found, each with its column. */
export function readMemberLine(
  line: number,
  cells: Record<MemberField, string>,
  classes: readonly ClassInfo[],
): { read: MemberLine; problems: Problem[] } {
  const problems: Problem[] = [];
  const problem = (column: MemberField, code: Problem['code'], values?: Problem['values']) =>
    problems.push({ line, column, code, ...(values ? { values } : {}) });
  const value = (field: MemberField) => (cells[field] === '' ? null : cells[field]);

  const memberNoCell = value('memberNo');
  const memberNo = memberNoCell === null ? null : memberNoOf(memberNoCell);
  if (memberNoCell !== null && memberNo === null) problem('memberNo', 'badMemberNo', { value: memberNoCell });

  const nameZh = value('nameZh');
  if (nameZh !== null && Array.from(nameZh).length > 50) problem('nameZh', 'badName');
  const nameEn = value('nameEn');
  if (nameEn !== null && Array.from(nameEn).length > 100) problem('nameEn', 'badNameEn');

  const personIdCell = value('personId');
  const personId = personIdCell === null ? null : personIdOf(personIdCell);
  if (personIdCell !== null && personId === null) problem('personId', 'badPersonId');

  const emailCell = value('email');
  const email = emailCell === null ? null : (emailSchema.safeParse(emailCell).data ?? null);
  if (emailCell !== null && email === null) problem('email', 'badEmail', { value: emailCell });

  const phoneCell = value('phone');
  let phone: MemberLine['phone'] = null;
  if (phoneCell !== null) {
    const mobile = normalizeTaiwanMobile(phoneCell);
    if (mobile) phone = { kind: 'mobile', value: mobile };
    else if (phoneCell.length <= 30 && isPhoneNumber(phoneCell)) phone = { kind: 'phone', value: phoneCell };
    else problem('phone', 'badPhone', { value: phoneCell });
  }

  const languageCell = value('language');
  const language =
    languageCell === null ? null : (LANGUAGE_WORDS[languageCell.replace(/\s+/g, '').toLowerCase()] ?? null);
  if (languageCell !== null && language === null) problem('language', 'badLanguage', { value: languageCell });

  const classCell = value('class');
  const cls = classCell === null ? null : classNamed(classCell, classes);
  if (classCell !== null && cls === null)
    problem('class', 'unknownClass', { value: classCell, known: classes.map((c) => c.code).join(', ') });

  const statusCell = value('status');
  const status = statusCell === null ? null : (STATUS_WORDS[statusCell.replace(/\s+/g, '').toLowerCase()] ?? null);
  if (statusCell !== null && status === null) problem('status', 'badStatus', { value: statusCell });

  const date = (field: 'termStart' | 'termEnd' | 'joinedOn') => {
    const cell = value(field);
    const parsed = cell === null ? null : parseDate(cell);
    if (cell !== null && parsed === null) problem(field, 'badDate', { value: cell });
    return parsed;
  };

  return {
    read: {
      line,
      memberNo,
      nameZh,
      nameEn,
      personId,
      email,
      phone,
      language,
      classId: cls?.id ?? null,
      status,
      termStart: date('termStart'),
      termEnd: date('termEnd'),
      joinedOn: date('joinedOn'),
    },
    problems,
  };
}

/** The account fields a members file writes. */
export interface PersonFields {
  nameZh: string;
  nameEn: string;
  email: string;
  mobile: string;
  phone: string;
}

/** A membership as the file and the rules see it. */
export interface MembershipFields {
  memberNo: string;
  classId: number;
  termStart: CalendarDate;
  termEnd: CalendarDate | null;
  joinedOn: CalendarDate;
  pausedFrom: CalendarDate | null;
  pausedUntil: CalendarDate | null;
  lastDay: CalendarDate | null;
}

/** The person a line was matched to, as stored (null: nobody, a new person). */
export interface StoredPerson {
  account: PersonFields;
  membership: (MembershipFields & { status: MembershipStatus }) | null;
}

export type MembershipChange = 'classId' | 'termStart' | 'termEnd' | 'joinedOn' | 'lastDay';

export interface MemberPlan {
  outcome: 'new' | 'changed' | 'unchanged';
  account: PersonFields;
  /**
   * A new account's language: the `language` cell's, else English when the name is written in
   * Latin letters only (only an English name), else null (not known: mails in both languages). A
   * stored account keeps the language it has.
   */
  locale: Locale | null;
  /** The account fields that change (all of them for a new account). */
  accountChanges: (keyof PersonFields)[];
  membership: MembershipFields & { status: MembershipStatus };
  /** Null when the membership is new. */
  membershipChanges: MembershipChange[] | null;
}

const ACCOUNT_KEYS: (keyof PersonFields)[] = ['nameZh', 'nameEn', 'email', 'mobile', 'phone'];
const MEMBERSHIP_KEYS: MembershipChange[] = ['classId', 'termStart', 'termEnd', 'joinedOn', 'lastDay'];

/**
 * What a checked line does to the stored person (or a new one): the merged account and membership
 * and what changed, or the problems that refuse it. `today` is the Taipei date the status is
 * judged on.
 */
export function planMember(
  read: MemberLine,
  stored: StoredPerson | null,
  classes: readonly ClassInfo[],
  rules: MembershipRules,
  today: CalendarDate,
): { plan: MemberPlan; problems: [] } | { plan: null; problems: Problem[] } {
  const problems: Problem[] = [];
  const problem = (column: MemberField, code: Problem['code'], values?: Problem['values']) =>
    problems.push({ line: read.line, column, code, ...(values ? { values } : {}) });

  // The account: a new person needs a name, a national ID and an e-mail address.
  if (!stored) {
    if (read.nameZh === null) problem('nameZh', 'requiredForNew');
    if (read.personId === null) problem('personId', 'requiredForNew');
    if (read.email === null) problem('email', 'requiredForNew');
  }
  const before: PersonFields = stored?.account ?? { nameZh: '', nameEn: '', email: '', mobile: '', phone: '' };
  const account: PersonFields = {
    nameZh: read.nameZh ?? before.nameZh,
    nameEn: read.nameEn ?? before.nameEn,
    email: read.email ?? before.email,
    mobile: before.mobile,
    phone: before.phone,
  };
  // A number already stored as either is no change (an export writes the mobile, else the phone).
  if (read.phone && read.phone.value !== before.mobile && read.phone.value !== before.phone)
    account[read.phone.kind] = read.phone.value;

  // The membership: a new one needs its number, class and first day.
  const was = stored?.membership ?? null;
  if (!was) {
    if (read.memberNo === null) problem('memberNo', 'requiredForNew');
    if (read.classId === null) problem('class', 'requiredForNew');
    if (read.termStart === null) problem('termStart', 'requiredForNew');
  }
  const classId = read.classId ?? was?.classId ?? null;
  const cls = classes.find((c) => c.id === classId) ?? null;
  const termStart = read.termStart ?? was?.termStart ?? null;
  if (problems.length > 0 || !cls || !termStart) return { plan: null, problems };

  const className = cls.code;
  let termEnd: CalendarDate | null;
  if (cls.life) {
    if (read.termEnd !== null) problem('termEnd', 'lifeHasEnd', { value: className });
    termEnd = null;
  } else {
    termEnd = read.termEnd ?? was?.termEnd ?? null;
    if (termEnd === null) problem('termEnd', 'endNeeded', { value: className });
  }
  if (termEnd !== null && termEnd < termStart)
    problem(read.termEnd !== null ? 'termEnd' : 'termStart', 'endBeforeStart', { start: termStart, end: termEnd });
  const joinedOn = read.joinedOn ?? was?.joinedOn ?? termStart;
  if (joinedOn > termStart)
    problem(read.joinedOn !== null ? 'joinedOn' : 'termStart', 'joinedAfterStart', {
      joined: joinedOn,
      start: termStart,
    });

  const membership: MembershipFields = {
    memberNo: was?.memberNo ?? read.memberNo!,
    classId: cls.id,
    termStart,
    termEnd,
    joinedOn,
    pausedFrom: was?.pausedFrom ?? null,
    pausedUntil: was?.pausedUntil ?? null,
    lastDay: was?.lastDay ?? null,
  };
  const statusOf = (m: MembershipFields) =>
    statusOn(
      { life: cls.life, termEnd: m.termEnd, pausedFrom: m.pausedFrom, pausedUntil: m.pausedUntil, lastDay: m.lastDay },
      today,
      rules,
    );
  const derived = statusOf(membership);
  if (read.status === 'ended' && derived !== 'ended')
    membership.lastDay = termEnd !== null && termEnd < today ? termEnd : addDays(today, -1);
  else if (read.status === 'paused' && derived !== 'paused') problem('status', 'pauseNotImported');
  else if (read.status !== null && read.status !== 'ended' && read.status !== derived)
    problem('status', 'statusContradicts', { given: read.status, derived });
  if (problems.length > 0) return { plan: null, problems };

  const status = statusOf(membership);
  const accountChanges = stored ? ACCOUNT_KEYS.filter((key) => account[key] !== before[key]) : [...ACCOUNT_KEYS];
  const membershipChanges = was ? MEMBERSHIP_KEYS.filter((key) => membership[key] !== was[key]) : null;
  const outcome =
    !stored || !was ? 'new' : accountChanges.length > 0 || membershipChanges!.length > 0 ? 'changed' : 'unchanged';
  return {
    plan: {
      outcome,
      account,
      locale: read.language ?? (HAN.test(account.nameZh) ? null : 'en-us'),
      accountChanges,
      membership: { ...membership, status },
      membershipChanges,
    },
    problems: [],
  };
}
