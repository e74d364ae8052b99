/**
 * The columns of the files the operators' import commands read (`npm run import`), found by their
 * header in any order and any case, in English or Chinese. Pure: the commands and the tests use the
 * same names.
 */
import type { I18nText } from '../i18n-text';

export interface ColumnSpec<F extends string> {
  field: F;
  /** How the report names the column. */
  label: I18nText;
  /** Headers that name it (compared by `headerKey`). */
  names: readonly string[];
}

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

const MEMBER_NO = ['member number', 'member no', 'membership number', '會員編號', '會員號碼', '會員代號'];
const PERSON_ID = [
  'national ID',
  'national ID number',
  'ID number',
  'person ID',
  '身分證字號',
  '身份證字號',
  '身分證',
  '身份證',
  '身分證號',
  '身分證號碼',
  '居留證號',
  '身分證/居留證號',
];

export const MEMBER_FIELDS = [
  'memberNo',
  'nameZh',
  'nameEn',
  'personId',
  'email',
  'phone',
  'language',
  'class',
  'status',
  'termStart',
  'termEnd',
  'joinedOn',
] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

/** One line a member: the columns in the order an export writes them. */
export const MEMBER_COLUMNS: readonly ColumnSpec<MemberField>[] = [
  { field: 'memberNo', label: t('會員編號', 'member number'), names: MEMBER_NO },
  { field: 'nameZh', label: t('姓名', 'name'), names: ['name', 'Chinese name', '姓名', '中文姓名'] },
  {
    field: 'nameEn',
    label: t('英文姓名', 'English name'),
    names: ['English name', 'name (English)', '英文姓名', '英文名'],
  },
  { field: 'personId', label: t('身分證字號', 'national ID'), names: PERSON_ID },
  {
    field: 'email',
    label: t('電子郵件', 'e-mail'),
    names: ['e-mail', 'e-mail address', '電子郵件', '電子信箱', '信箱'],
  },
  {
    field: 'phone',
    label: t('電話/手機', 'phone'),
    names: [
      'phone',
      'mobile',
      'telephone',
      'phone number',
      'mobile phone',
      '電話',
      '手機',
      '電話/手機',
      '手機/電話',
      '聯絡電話',
      '行動電話',
    ],
  },
  {
    field: 'language',
    label: t('語言', 'language'),
    names: ['language', 'preferred language', 'locale', '語言', '偏好語言', '通訊語言', '使用語言'],
  },
  {
    field: 'class',
    label: t('會員類別', 'class'),
    names: ['class', 'member class', 'membership class', '會員類別', '會員種類'],
  },
  {
    field: 'status',
    label: t('會員狀態', 'status'),
    names: ['status', 'member status', 'membership status', '會員狀態', '會籍狀態'],
  },
  {
    field: 'termStart',
    label: t('會籍起日', 'term start'),
    names: ['term start', 'term start date', '會籍起日', '會籍開始日'],
  },
  {
    field: 'termEnd',
    label: t('會籍迄日', 'term end'),
    names: ['term end', 'term end date', '會籍迄日', '會籍到期日'],
  },
  {
    field: 'joinedOn',
    label: t('入會日期', 'joined'),
    names: ['joined', 'joined on', 'join date', '入會日期', '入會日'],
  },
];

export const CREDIT_FIELDS = [
  'memberNo',
  'personId',
  'earnedOn',
  'title',
  'provider',
  'category',
  'points',
  'creditClass',
  'method',
  'topics',
] as const;
export type CreditField = (typeof CREDIT_FIELDS)[number];

/** One line an activity. */
export const CREDIT_COLUMNS: readonly ColumnSpec<CreditField>[] = [
  { field: 'memberNo', label: t('會員編號', 'member number'), names: MEMBER_NO },
  { field: 'personId', label: t('身分證字號', 'national ID'), names: PERSON_ID },
  { field: 'earnedOn', label: t('日期', 'date'), names: ['date', 'activity date', '日期', '活動日期', '上課日期'] },
  { field: 'title', label: t('名稱', 'title'), names: ['title', 'activity', 'course', '名稱', '活動名稱', '課程名稱'] },
  {
    field: 'provider',
    label: t('主辦單位', 'organiser'),
    names: ['organiser', 'organizer', 'provider', '主辦單位', '主辦機構', '辦理單位'],
  },
  { field: 'category', label: t('類別', 'category'), names: ['category', '類別', '積分類別', '課程類別'] },
  { field: 'points', label: t('積分', 'points'), names: ['points', 'credits', '積分', '學分', '點數'] },
  { field: 'creditClass', label: t('甲乙類', 'class'), names: ['class', 'credit class', '甲乙類', '甲乙類別'] },
  { field: 'method', label: t('方式', 'method'), names: ['method', '方式', '採認方式', '積分方式'] },
  { field: 'topics', label: t('議題', 'topics'), names: ['topics', 'topic', '議題', '課程議題'] },
];

/** A header as compared: full-width folded, lower case, without spaces and punctuation. */
export function headerKey(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.()/:・·]+/g, '');
}

export interface HeaderMatch<F extends string> {
  /** The cell index of each column found. */
  at: Partial<Record<F, number>>;
  /** Headers of columns the command does not read (reported, not an error). */
  ignored: string[];
  /** Columns named twice. */
  duplicates: F[];
}

/** Finds the columns of a header row. */
export function matchHeader<F extends string>(
  cells: readonly string[],
  specs: readonly ColumnSpec<F>[],
): HeaderMatch<F> {
  const byKey = new Map<string, F>();
  for (const spec of specs) for (const name of spec.names) byKey.set(headerKey(name), spec.field);
  const at: Partial<Record<F, number>> = {};
  const ignored: string[] = [];
  const duplicates: F[] = [];
  cells.forEach((cell, i) => {
    if (cell.trim() === '') return;
    const field = byKey.get(headerKey(cell));
    if (field === undefined) ignored.push(cell.trim());
    else if (at[field] !== undefined) duplicates.push(field);
    else at[field] = i;
  });
  return { at, ignored, duplicates };
}

/** A line's cells by field ('' for a column the file lacks or a blank cell). */
export function cellsByField<F extends string>(
  cells: readonly string[],
  at: Partial<Record<F, number>>,
  fields: readonly F[],
): Record<F, string> {
  return Object.fromEntries(
    fields.map((field) => [field, at[field] === undefined ? '' : (cells[at[field]] ?? '').trim()]),
  ) as Record<F, string>;
}

export const STATEMENT_FIELDS = ['date', 'amount', 'account', 'memo'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** A bank statement's incoming transfers (the finance desk's statement matching): one line a transfer. */
export const STATEMENT_COLUMNS: readonly ColumnSpec<StatementField>[] = [
  {
    field: 'date',
    label: t('交易日期', 'date'),
    names: [
      'date',
      'transaction date',
      'value date',
      'posting date',
      '日期',
      '交易日期',
      '入帳日期',
      '記帳日期',
      '帳務日期',
    ],
  },
  {
    field: 'amount',
    label: t('存入金額', 'amount'),
    names: [
      'amount',
      'credit',
      'deposit',
      'credit amount',
      'amount in',
      '金額',
      '存入',
      '存入金額',
      '入帳金額',
      '轉入金額',
    ],
  },
  {
    field: 'account',
    label: t('轉出帳號', 'payer account'),
    names: [
      'account',
      'payer account',
      'from account',
      'remitter account',
      'account number',
      '帳號',
      '轉出帳號',
      '匯款帳號',
      '對方帳號',
      '匯款人帳號',
    ],
  },
  {
    field: 'memo',
    label: t('備註', 'memo'),
    names: [
      'memo',
      'reference',
      'note',
      'remark',
      'remarks',
      'description',
      '備註',
      '摘要',
      '附言',
      '說明',
      '匯款附言',
    ],
  },
];
