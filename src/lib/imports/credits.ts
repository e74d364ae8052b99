/**
 * A line of a credits file (`npm run import -- credits`): one activity a member attended, as the
 * society's own record (`credit_entries` with source `society`) of one certification kind. Pure.
 *
 * The category is one of the kind's rule set (its key, or its name in either language). The rule
 * set counts class minimums by credit class and caps by method, but ties neither to a category: a
 * record the society kept is an attended course (`method` course) of class A, as the society's
 * own records are, unless the optional `class`, `method` and `topics` columns say otherwise.
 */
import type { CalendarDate } from '../calendar-date';
import {
  CREDIT_METHODS,
  type CreditClass,
  type CreditMethod,
  type CreditRuleSet,
  type CreditTopic,
} from '../credits/rules';
import { parseDate, parsePoints } from './cells';
import type { CreditField } from './columns';
import { memberNoOf, personIdOf } from './members';
import type { LineProblem } from './problems';

export interface CreditLine {
  line: number;
  memberNo: string | null;
  personId: string | null;
  earnedOn: CalendarDate;
  title: string;
  provider: string;
  /** A category key of the rule set. */
  category: string;
  /** Tenths of a point. */
  points: number;
  creditClass: CreditClass;
  method: CreditMethod;
  topics: CreditTopic[];
}

type Problem = LineProblem<CreditField>;

const CLASS_WORDS: Record<string, CreditClass> = {
  a: 'A',
  b: 'B',
  classa: 'A',
  classb: 'B',
  甲: 'A',
  乙: 'B',
  甲類: 'A',
  乙類: 'B',
};

/** The Chinese names the portal shows (credits.json), so a file in Chinese reads too. */
const METHOD_NAMES: Record<string, CreditMethod> = {
  實體課程: 'course',
  網路課程: 'online',
  期刊通訊課程: 'journalQuiz',
  論文發表: 'paper',
  擔任講師: 'lecture',
  國外研習: 'abroad',
};

const MAX_TEXT = 200;

const fold = (value: string) => value.normalize('NFKC').trim().toLowerCase();

/** Reads and checks one line against the kind's rules; `today` bounds the date. */
export function readCreditLine(
  line: number,
  cells: Record<CreditField, string>,
  rules: Pick<CreditRuleSet, 'categories' | 'topics'>,
  today: CalendarDate,
): { read: CreditLine | null; problems: Problem[] } {
  const problems: Problem[] = [];
  const problem = (column: CreditField | null, code: Problem['code'], values?: Problem['values']) =>
    problems.push({ line, column, code, ...(values ? { values } : {}) });

  const memberNo = cells.memberNo === '' ? null : memberNoOf(cells.memberNo);
  if (cells.memberNo !== '' && memberNo === null) problem('memberNo', 'badMemberNo', { value: cells.memberNo });
  const personId = cells.personId === '' ? null : personIdOf(cells.personId);
  if (cells.personId !== '' && personId === null) problem('personId', 'badPersonId');
  if (cells.memberNo === '' && cells.personId === '') problem('memberNo', 'required');

  const earnedOn = cells.earnedOn === '' ? null : parseDate(cells.earnedOn);
  if (cells.earnedOn === '') problem('earnedOn', 'required');
  else if (earnedOn === null) problem('earnedOn', 'badDate', { value: cells.earnedOn });
  else if (earnedOn > today) problem('earnedOn', 'futureDate', { value: earnedOn });

  if (cells.title === '') problem('title', 'required');
  else if (Array.from(cells.title).length > MAX_TEXT) problem('title', 'tooLong', { max: MAX_TEXT });
  if (Array.from(cells.provider).length > MAX_TEXT) problem('provider', 'tooLong', { max: MAX_TEXT });

  const wanted = fold(cells.category);
  const category = rules.categories.find(
    (c) => fold(c.key) === wanted || Object.values(c.name).some((name) => name !== undefined && fold(name) === wanted),
  );
  if (cells.category === '') problem('category', 'required');
  else if (!category)
    problem('category', 'unknownCategory', {
      value: cells.category,
      known: rules.categories.map((c) => `${c.key} (${c.name['zh-tw']})`).join(', '),
    });

  const points = cells.points === '' ? null : parsePoints(cells.points);
  if (cells.points === '') problem('points', 'required');
  else if (points === null) problem('points', 'badPoints', { value: cells.points });

  const creditClass = cells.creditClass === '' ? 'A' : CLASS_WORDS[fold(cells.creditClass).replace(/\s+/g, '')];
  if (!creditClass) problem('creditClass', 'badCreditClass', { value: cells.creditClass });

  const method =
    cells.method === ''
      ? 'course'
      : (CREDIT_METHODS.find((m) => m.toLowerCase() === fold(cells.method)) ?? METHOD_NAMES[cells.method.trim()]);
  if (!method) problem('method', 'badMethod', { value: cells.method, known: CREDIT_METHODS.join(', ') });

  const topics: CreditTopic[] = [];
  for (const word of cells.topics
    .split(/[,，、;；/]+/)
    .map((w) => w.trim())
    .filter(Boolean)) {
    // The certification's topics (the society file names them with its rules), by key or by name.
    const topic = rules.topics.find(
      (t) => fold(t.key) === fold(word) || Object.values(t.name).some((n) => n !== undefined && fold(n) === fold(word)),
    )?.key;
    if (!topic)
      problem('topics', 'badTopic', {
        value: word,
        known: rules.topics.map((t) => `${t.key} (${t.name['zh-tw']})`).join(', '),
      });
    else if (!topics.includes(topic)) topics.push(topic);
  }

  if (problems.length > 0) return { read: null, problems };
  return {
    read: {
      line,
      memberNo,
      personId,
      earnedOn: earnedOn!,
      title: cells.title,
      provider: cells.provider,
      category: category!.key,
      points: points!,
      creditClass: creditClass!,
      method: method!,
      topics: topics.sort(),
    },
    problems,
  };
}

/** What makes two lines (or a line and a stored entry) the same activity of a member, within one kind. */
export function activityKey(
  accountId: number,
  a: Pick<CreditLine, 'earnedOn' | 'title' | 'provider' | 'category'>,
): string {
  return JSON.stringify([accountId, a.earnedOn, a.title, a.provider, a.category]);
}

/** Whether a stored entry already says what the line says (else the line replaces it). */
export function sameCredit(
  stored: Pick<CreditLine, 'points' | 'creditClass' | 'method' | 'topics'>,
  read: Pick<CreditLine, 'points' | 'creditClass' | 'method' | 'topics'>,
): boolean {
  return (
    stored.points === read.points &&
    stored.creditClass === read.creditClass &&
    stored.method === read.method &&
    [...stored.topics].sort().join(',') === read.topics.join(',')
  );
}
