/**
 * Why an import refuses a line, in both languages (the operators' commands print both): each
 * problem names its line, its column and a code with the values its text needs. National IDs are
 * never put in a text.
 */
import type { Locale } from '../locales';

export const PROBLEM_CODES = [
  'required',
  'requiredForNew',
  'badMemberNo',
  'badPersonId',
  'badName',
  'badNameEn',
  'badEmail',
  'badPhone',
  'badLanguage',
  'unknownClass',
  'badStatus',
  'badDate',
  'endBeforeStart',
  'joinedAfterStart',
  'lifeHasEnd',
  'endNeeded',
  'statusContradicts',
  'pauseNotImported',
  'samePersonInFile',
  'emailInFile',
  'emailTaken',
  'idMismatch',
  'otherMemberNo',
  'unknownPerson',
  'personMismatch',
  'unknownCategory',
  'badPoints',
  'badCreditClass',
  'badMethod',
  'badTopic',
  'tooLong',
  'futureDate',
  'sameActivityInFile',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export type ProblemValues = Record<string, string | number>;

export interface LineProblem<F extends string = string> {
  /** The line as a spreadsheet numbers it (the header is line 1). */
  line: number;
  /** The column at fault; null when the line as a whole is. */
  column: F | null;
  code: ProblemCode;
  values?: ProblemValues;
}

type Text = (v: ProblemValues) => string;

const STATUS_NAMES: Record<string, { 'zh-tw': string; 'en-us': string }> = {
  active: { 'zh-tw': '有效 (active)', 'en-us': 'active' },
  inGrace: { 'zh-tw': '寬限期 (inGrace)', 'en-us': 'inGrace' },
  lapsed: { 'zh-tw': '停權 (lapsed)', 'en-us': 'lapsed' },
  paused: { 'zh-tw': '暫停中 (paused)', 'en-us': 'paused' },
  ended: { 'zh-tw': '已退會 (ended)', 'en-us': 'ended' },
};
const status = (value: string | number | undefined, locale: Locale) =>
  STATUS_NAMES[String(value)]?.[locale] ?? String(value);

const TEXTS: Record<ProblemCode, Record<Locale, Text>> = {
  required: { 'zh-tw': () => '此欄必填', 'en-us': () => 'this column is required' },
  requiredForNew: { 'zh-tw': () => '新會員必須填寫此欄', 'en-us': () => 'a new member needs this column' },
  badMemberNo: {
    'zh-tw': (v) => `會員編號「${v.value}」格式不正確（限英文字母、數字與連字號，最多 40 字）`,
    'en-us': (v) => `member number “${v.value}” is not valid (letters, digits and hyphens, at most 40)`,
  },
  badPersonId: {
    'zh-tw': () => '不是正確的身分證字號或居留證號（格式或檢查碼不符）',
    'en-us': () => 'not a valid national ID or resident certificate number (its form or check digit)',
  },
  badName: { 'zh-tw': () => '姓名過長（最多 50 字）', 'en-us': () => 'the name is too long (at most 50 characters)' },
  badNameEn: {
    'zh-tw': () => '英文姓名過長（最多 100 字）',
    'en-us': () => 'the English name is too long (at most 100 characters)',
  },
  badEmail: {
    'zh-tw': (v) => `「${v.value}」不是正確的電子郵件地址`,
    'en-us': (v) => `“${v.value}” is not a valid e-mail address`,
  },
  badPhone: {
    'zh-tw': (v) => `「${v.value}」不是正確的電話或手機號碼`,
    'en-us': (v) => `“${v.value}” is not a valid phone or mobile number`,
  },
  badLanguage: {
    'zh-tw': (v) => `無法辨識的語言「${v.value}」：請填 zh-tw（中文）或 en-us（英文）`,
    'en-us': (v) => `unknown language “${v.value}”: write zh-tw (Chinese) or en-us (English)`,
  },
  unknownClass: {
    'zh-tw': (v) => `沒有代碼為「${v.value}」的會員類別（可用：${v.known}）`,
    'en-us': (v) => `no member class has the code “${v.value}” (codes: ${v.known})`,
  },
  badStatus: {
    'zh-tw': (v) => `會員狀態「${v.value}」須為 active、inGrace、lapsed、paused 或 ended（或其中文名稱）`,
    'en-us': (v) => `status “${v.value}” is not one of active, inGrace, lapsed, paused, ended`,
  },
  badDate: {
    'zh-tw': (v) => `「${v.value}」不是 YYYY-MM-DD 格式的日期`,
    'en-us': (v) => `“${v.value}” is not a date in the form YYYY-MM-DD`,
  },
  endBeforeStart: {
    'zh-tw': (v) => `會籍迄日 ${v.end} 早於會籍起日 ${v.start}`,
    'en-us': (v) => `the term ends (${v.end}) before it starts (${v.start})`,
  },
  joinedAfterStart: {
    'zh-tw': (v) => `入會日期 ${v.joined} 晚於會籍起日 ${v.start}`,
    'en-us': (v) => `joined on ${v.joined}, after the term starts (${v.start})`,
  },
  lifeHasEnd: {
    'zh-tw': (v) => `永久會員類別「${v.value}」沒有會籍迄日，請留空`,
    'en-us': (v) => `life class “${v.value}” has no term end: leave it blank`,
  },
  endNeeded: {
    'zh-tw': (v) => `會員類別「${v.value}」的會籍有期限，須填寫會籍迄日`,
    'en-us': (v) => `class “${v.value}” has terms: the term end is needed`,
  },
  statusContradicts: {
    'zh-tw': (v) =>
      `依會籍日期，狀態為「${status(v.derived, 'zh-tw')}」而非「${status(v.given, 'zh-tw')}」；狀態由日期決定，請更正日期或將狀態留空`,
    'en-us': (v) =>
      `the term dates give the status “${v.derived}”, not “${v.given}”: the status follows from the dates, so correct them or leave the status blank`,
  },
  pauseNotImported: {
    'zh-tw': () => '無法匯入暫停中的會籍：系統需要暫停的起訖日期，而檔案沒有。請將狀態留空匯入，再由會員申請暫停',
    'en-us': () =>
      'a pause cannot be imported: the portal needs its first and last day, which the file does not give. Leave the status blank, and record the pause through the member’s pause application',
  },
  samePersonInFile: {
    'zh-tw': (v) => `與第 ${v.line} 行為同一人`,
    'en-us': (v) => `the same person as line ${v.line}`,
  },
  emailInFile: {
    'zh-tw': (v) => `與第 ${v.line} 行的電子郵件相同`,
    'en-us': (v) => `the same e-mail address as line ${v.line}`,
  },
  emailTaken: {
    'zh-tw': () => '此電子郵件已屬於另一個帳號',
    'en-us': () => 'this e-mail address belongs to another account',
  },
  idMismatch: {
    'zh-tw': (v) => `會員編號 ${v.memberNo} 的會員登記的是另一個身分證字號`,
    'en-us': (v) => `member ${v.memberNo} has another national ID on record`,
  },
  otherMemberNo: {
    'zh-tw': (v) => `此身分證字號的會員編號是 ${v.memberNo}`,
    'en-us': (v) => `the person with this national ID is member ${v.memberNo}`,
  },
  unknownPerson: {
    'zh-tw': () => '找不到此會員編號或身分證字號的帳號',
    'en-us': () => 'no account has this member number or national ID',
  },
  personMismatch: {
    'zh-tw': () => '會員編號與身分證字號屬於不同的人',
    'en-us': () => 'the member number and the national ID belong to different people',
  },
  unknownCategory: {
    'zh-tw': (v) => `類別「${v.value}」不是此認證的類別（可用：${v.known}）`,
    'en-us': (v) => `“${v.value}” is not a category of this certification (categories: ${v.known})`,
  },
  badPoints: {
    'zh-tw': (v) => `積分「${v.value}」須為大於 0、小於 1000 的數字，最多一位小數`,
    'en-us': (v) => `points “${v.value}” must be a number above 0 and below 1000, with at most one decimal`,
  },
  badCreditClass: {
    'zh-tw': (v) => `甲乙類「${v.value}」須為 A（甲類）或 B（乙類）`,
    'en-us': (v) => `class “${v.value}” must be A or B`,
  },
  badMethod: {
    'zh-tw': (v) => `方式「${v.value}」不正確（可用：${v.known}）`,
    'en-us': (v) => `method “${v.value}” is not one of ${v.known}`,
  },
  badTopic: {
    'zh-tw': (v) => `議題「${v.value}」不正確（可用：${v.known}）`,
    'en-us': (v) => `topic “${v.value}” is not one of ${v.known}`,
  },
  tooLong: {
    'zh-tw': (v) => `過長（最多 ${v.max} 字）`,
    'en-us': (v) => `too long (at most ${v.max} characters)`,
  },
  futureDate: { 'zh-tw': (v) => `日期 ${v.value} 在今天之後`, 'en-us': (v) => `the date ${v.value} is after today` },
  sameActivityInFile: {
    'zh-tw': (v) => `與第 ${v.line} 行為同一活動（同一人、日期、名稱、主辦單位與類別）`,
    'en-us': (v) => `the same activity as line ${v.line} (person, date, title, organiser and category)`,
  },
};

/** A problem's text in one language. */
export function problemText(problem: Pick<LineProblem, 'code' | 'values'>, locale: Locale): string {
  return TEXTS[problem.code][locale](problem.values ?? {});
}
