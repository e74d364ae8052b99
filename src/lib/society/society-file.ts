/**
 * A society as one file (DESIGN.md §18): its name, brand, contact, footer, bank account text,
 * system settings, membership rules, member classes, topics and certification kinds. The
 * operators' `npm run society` checks it with this schema, applies it and exports the current
 * society in the same form; the demo society is such a file (`society/demo/society.yaml`).
 *
 * Every text a reader sees is written in both languages. Rules that are not zod's own carry their
 * message in both (`said`), so `societyProblems` lists every problem in Traditional Chinese and
 * English with its path.
 */
import { z } from 'zod';
import { INDEX_PART_TYPES } from '../content-types';
import { TERM_KINDS } from '../membership/terms';
import { safeUrl } from '../safe-url';
import { said } from '../schemas/common';
import { creditRuleSetSchema } from '../schemas/credits';
import { BRAND_MIN_CONTRAST, brandContrast } from '../theme';

/** Text a reader sees: both languages, neither empty. */
export const bilingual = z.strictObject({
  'zh-tw': z.string().trim().min(1),
  'en-us': z.string().trim().min(1),
});

/** A short stable name other parts of the file (and the imports) refer to: `regular`, `licence`. */
const code = z
  .string()
  .refine(
    (value) => /^[a-z][a-zA-Z0-9_-]{0,39}$/.test(value),
    said(
      '須為小寫英文字母開頭、40 字以內的英數字、- 或 _',
      'a lower-case letter, then up to 39 letters, digits, - or _',
    ),
  );

/**
 * A moment: a day (`2026-01-01`, midnight in Taipei) or a date and time with its offset
 * (`2026-01-01T09:00:00+08:00`). Null where it may be: not open, not published.
 */
const moment = z
  .string()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`))
        : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
          !Number.isNaN(Date.parse(value)),
    said('須為日期 YYYY-MM-DD 或含時區的日期時間', 'a date YYYY-MM-DD, or a date and time with its offset'),
  );

/** A logo or icon: a file beside the society file (`logo.svg`), or a `data:` address (an export to the terminal). */
const asset = z
  .string()
  .trim()
  .refine(
    (value) =>
      value.startsWith('data:')
        ? /^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=]+$/.test(value)
        : value !== '' && !value.includes('\0') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value),
    said('須為與設定檔同資料夾的檔名或 data: 位址', 'a file name beside the society file, or a data: address'),
  );

const fee = z.number().int().min(0).max(10_000_000);
const days = (max: number) => z.number().int().min(0).max(max);

const link = z.strictObject({
  label: bilingual,
  url: z
    .string()
    .refine(
      (value) => safeUrl(value) !== null,
      said(
        '須為本站路徑（/…）或 https、mailto、tel 位址',
        'a path of this site (/…) or an https, mailto or tel address',
      ),
    ),
});

const requiredDocument = z.strictObject({
  key: code,
  name: bilingual,
  required: z.boolean(),
});

const memberClass = z.strictObject({
  code,
  name: bilingual,
  description: bilingual,
  eligibility: bilingual,
  /** The terms an applicant accepts: paragraphs separated by blank lines. */
  terms: bilingual,
  documents: z.array(requiredDocument).max(20).default([]),
  entranceFee: fee,
  duesPerTerm: fee,
  /** `calendarYear`, or `months` with `termMonths`. */
  term: z.enum(TERM_KINDS),
  termMonths: z.number().int().min(1).max(120).nullable().default(null),
  life: z.boolean().default(false),
  /** Joining or moving into the class is reviewed (and paid for after approval). */
  reviewed: z.boolean(),
  /** Open for joining from this moment; null: closed (its page only through a preview link). */
  joinOpens: moment.nullable(),
  /** Classes a member of this one may apply to move to, by code. */
  changeTo: z.array(code).default([]),
  /** False: kept for the members who hold it, closed to everyone else. */
  active: z.boolean().default(true),
});

const topic = z.strictObject({
  code,
  name: bilingual,
  description: bilingual.nullable().default(null),
  active: z.boolean().default(true),
});

const certification = z.strictObject({
  code,
  name: bilingual,
  issuer: bilingual,
  /** How credits work for this certification, for visitors and members (paragraphs). */
  description: bilingual,
  /** Shown to the public from this moment; null: a draft, seen only through a preview link. */
  published: moment.nullable(),
  rules: creditRuleSetSchema,
});

/**
 * An article category the portal starts with, matched by its code (`news`), with its name and what
 * it holds. Created when missing; renamed, hidden or removed afterwards in the console.
 */
const articleCategory = z.strictObject({
  code: z
    .string()
    .refine(
      (value) => /^[a-z0-9][a-z0-9-]{0,39}$/.test(value),
      said('須為 40 字以內的小寫英數字或 -', 'up to 40 lower-case letters, digits or -'),
    ),
  name: bilingual,
  description: bilingual.nullable().default(null),
});

/** An event category the portal starts with, matched by its Chinese name. */
const eventCategory = z.strictObject({ name: bilingual });

/** A block of the home page the portal starts with, matched by its type and Chinese title. */
const homeBlock = z.strictObject({
  /** `ltsnews` latest news, `event` coming events, `carousel`, `card` or `link` (their entries are added in the console). */
  type: z.enum(INDEX_PART_TYPES),
  title: bilingual,
  /** How many news or events a `ltsnews` or `event` block lists. */
  itemLimit: z.number().int().min(1).max(24).default(6),
});

/** What a list of the file holds, as far as it can be read: items that are objects, by their place. */
type Loose = Record<string, unknown>;
const itemsOf = (value: unknown): [number, Loose][] =>
  Array.isArray(value)
    ? value.flatMap((item, i): [number, Loose][] =>
        item && typeof item === 'object' && !Array.isArray(item) ? [[i, item as Loose]] : [],
      )
    : [];
const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const zhOf = (value: unknown): string | null =>
  value && typeof value === 'object' ? textOf((value as Loose)['zh-tw']) : null;

const unique = (
  items: [number, Loose][],
  keyOf: (item: Loose) => string | null,
  ctx: z.RefinementCtx,
  path: string,
  field: PropertyKey[] = ['code'],
) => {
  const seen = new Set<string>();
  for (const [i, item] of items) {
    const key = keyOf(item);
    if (key === null) continue;
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: [path, i, ...field],
        ...(field[0] === 'code'
          ? said(`代碼 ${key} 重複`, `the code ${key} is used twice`)
          : said(`${key} 重複列出`, `${key} is listed twice`)),
      });
    seen.add(key);
  }
};

export const societyFileSchema = z
  .strictObject({
    name: bilingual,
    /** For narrow screens and mail subjects, e.g. an acronym. */
    shortName: bilingual,
    /** What the society does, for search engines and link previews. */
    description: bilingual,
    logo: asset.nullable().default(null),
    favicon: asset.nullable().default(null),
    /** The brand colour, #RRGGBB: white text is set on it, so it must reach 4.5:1. */
    color: z
      .string()
      .refine((value) => /^#[0-9a-fA-F]{6}$/.test(value), said('須為 #RRGGBB 色碼', 'a colour written #RRGGBB'))
      .superRefine((value, ctx) => {
        if (!/^#[0-9a-fA-F]{6}$/.test(value)) return;
        const ratio = brandContrast(value);
        if (ratio < BRAND_MIN_CONTRAST)
          ctx.addIssue({
            code: 'custom',
            ...said(
              `白色文字在此顏色上的對比為 ${ratio.toFixed(2)}:1，未達 WCAG AA 要求的 ${BRAND_MIN_CONTRAST}:1，請改用較深的顏色`,
              `white text on this colour has a contrast of ${ratio.toFixed(2)}:1, below WCAG AA's ${BRAND_MIN_CONTRAST}:1: choose a darker colour`,
            ),
          });
      }),
    contact: z.strictObject({
      address: bilingual,
      phone: z.string().trim().min(1).max(40),
      fax: z.string().trim().max(40).default(''),
      email: z.email(),
      officeHours: bilingual,
    }),
    copyright: bilingual,
    footerLinks: z.array(link).max(20).default([]),
    /** The society's bank account, shown to whoever pays by transfer. */
    remittance: bilingual,
    settings: z.strictObject({
      /** Where papers are submitted when that runs on another site; empty: here. */
      postServiceUrl: z
        .string()
        .refine(
          (value) => value === '' || /^https:\/\/[^\s<>"]+$/.test(value),
          said('須為 https 位址或留空', 'an https address, or empty'),
        )
        .default(''),
      /** Orders above this many NT$ are paid by bank transfer only. */
      newebpayTradeLimit: z.number().int().min(0).max(10_000_000),
      webEmailValidMinute: z.number().int().min(1).max(60),
      loginBlockMinute: z.number().int().min(1).max(1440),
      loginNotice: bilingual,
    }),
    membership: z.strictObject({
      graceDays: days(365),
      renewalWindowDays: days(365),
      /** `MM-DD`: who joins a calendar-year class from this day has a first term to the end of the next year. */
      lateJoinFrom: z
        .string()
        .refine(
          (value) => /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value),
          said('須為 MM-DD', 'a day written MM-DD'),
        )
        .nullable()
        .default(null),
      /** `{yyyy}` year, `{class}` class code, `{seq:4}` sequence: `M{yyyy}-{seq:4}` gives M2026-0042. */
      memberNoPattern: z
        .string()
        .refine(
          (value) => /\{seq(:\d)?\}/.test(value) && value.length <= 40,
          said('須含 {seq} 或 {seq:N}，40 字以內', 'must hold {seq} or {seq:N}, 40 characters at most'),
        ),
      replaceFee: fee,
      paymentDays: days(365).min(1),
      returnedDays: days(365).min(1),
      reviewDays: days(365).min(1),
      pauseMaxMonths: z.number().int().min(1).max(120),
      remindBeforeDays: z.array(days(365)).max(10),
      remindInGraceDays: z.array(days(365)).max(10),
    }),
    classes: z.array(memberClass).max(50),
    topics: z.array(topic).max(100).default([]),
    certifications: z.array(certification).max(50).default([]),
    /**
     * What the site starts with: article and event categories and the home page's blocks. Each one
     * missing is created when the file is applied; the console edits them from then on, so one the
     * file leaves out stays as it is.
     */
    articleCategories: z.array(articleCategory).max(50).default([]),
    eventCategories: z.array(eventCategory).max(50).default([]),
    homeBlocks: z.array(homeBlock).max(50).default([]),
  })
  // The checks across the file: run with its shape problems too, on whatever of it can be read, so
  // one check lists every problem (a class naming a class that does not exist beside a missing text).
  .superRefine(
    (value, ctx) => {
      const society = value as unknown as Loose;
      const classes = itemsOf(society.classes);
      unique(classes, (c) => textOf(c.code), ctx, 'classes');
      unique(itemsOf(society.topics), (t) => textOf(t.code), ctx, 'topics');
      unique(itemsOf(society.certifications), (c) => textOf(c.code), ctx, 'certifications');
      unique(itemsOf(society.articleCategories), (c) => textOf(c.code), ctx, 'articleCategories');
      unique(itemsOf(society.eventCategories), (c) => zhOf(c.name), ctx, 'eventCategories', ['name', 'zh-tw']);
      unique(
        itemsOf(society.homeBlocks),
        (b) => (zhOf(b.title) === null ? null : `${String(b.type)} ${zhOf(b.title)}`),
        ctx,
        'homeBlocks',
        ['title', 'zh-tw'],
      );
      const codes = new Set(classes.map(([, c]) => textOf(c.code)).filter((c) => c !== null));
      for (const [i, cls] of classes) {
        const months = cls.termMonths ?? null;
        if (cls.term === 'months' && months === null)
          ctx.addIssue({
            code: 'custom',
            path: ['classes', i, 'termMonths'],
            ...said('會籍以月計時須填月數', 'is needed when the term is counted in months'),
          });
        if (cls.term === 'calendarYear' && months !== null)
          ctx.addIssue({
            code: 'custom',
            path: ['classes', i, 'termMonths'],
            ...said('會籍以曆年計時不填月數', 'is only for a term counted in months'),
          });
        if (cls.life === true && typeof cls.duesPerTerm === 'number' && cls.duesPerTerm !== 0)
          ctx.addIssue({
            code: 'custom',
            path: ['classes', i, 'duesPerTerm'],
            ...said('永久會員不收常年會費，請填 0', 'must be 0 for a life class (no yearly dues)'),
          });
        for (const [j, target] of (Array.isArray(cls.changeTo) ? (cls.changeTo as unknown[]) : []).entries()) {
          if (typeof target !== 'string') continue;
          if (!codes.has(target))
            ctx.addIssue({
              code: 'custom',
              path: ['classes', i, 'changeTo', j],
              ...said(`沒有代碼為 ${target} 的會員類別`, `there is no class with the code ${target}`),
            });
          else if (target === cls.code)
            ctx.addIssue({
              code: 'custom',
              path: ['classes', i, 'changeTo', j],
              ...said('不能轉為同一類別', 'a class cannot change to itself'),
            });
        }
        const keys = new Set<string>();
        for (const [j, doc] of itemsOf(cls.documents)) {
          const key = textOf(doc.key);
          if (key === null) continue;
          if (keys.has(key))
            ctx.addIssue({
              code: 'custom',
              path: ['classes', i, 'documents', j, 'key'],
              ...said(`文件代碼 ${key} 重複`, `the document key ${key} is used twice`),
            });
          keys.add(key);
        }
      }
    },
    { when: (payload) => payload.value !== null && typeof payload.value === 'object' },
  );

/** A society file as written (defaults not yet filled). */
export type SocietyFileInput = z.input<typeof societyFileSchema>;
/** A checked society file, defaults filled. */
export type SocietyFile = z.output<typeof societyFileSchema>;
export type SocietyClass = SocietyFile['classes'][number];
export type SocietyTopic = SocietyFile['topics'][number];
export type SocietyCertification = SocietyFile['certifications'][number];
export type SocietyArticleCategory = SocietyFile['articleCategories'][number];
export type SocietyEventCategory = SocietyFile['eventCategories'][number];
export type SocietyHomeBlock = SocietyFile['homeBlocks'][number];

/**
 * The starting content an export of a portal not set up yet writes, for the society to keep or
 * change: a news category, an event category, and a home page listing news, events and links.
 */
export const STARTING_CONTENT: Pick<SocietyFile, 'articleCategories' | 'eventCategories' | 'homeBlocks'> = {
  articleCategories: [{ code: 'news', name: { 'zh-tw': '最新消息', 'en-us': 'News' }, description: null }],
  eventCategories: [{ name: { 'zh-tw': '活動', 'en-us': 'Events' } }],
  homeBlocks: [
    { type: 'ltsnews', title: { 'zh-tw': '最新消息', 'en-us': 'Latest news' }, itemLimit: 6 },
    { type: 'event', title: { 'zh-tw': '近期活動', 'en-us': 'Upcoming events' }, itemLimit: 6 },
    { type: 'link', title: { 'zh-tw': '相關連結', 'en-us': 'Links' }, itemLimit: 6 },
  ],
};

/** The moment a file's `joinOpens` or `published` names. */
export function momentOf(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+08:00` : value);
}

/** A stored moment as a file writes it: the day when it is midnight in Taipei, else the time in Taipei. */
export function momentText(at: Date): string {
  const taipei = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  const [day, time] = [taipei.slice(0, 10), taipei.slice(11, 23)];
  if (time === '00:00:00.000') return day;
  return `${day}T${time.endsWith('.000') ? time.slice(0, 8) : time}+08:00`;
}
