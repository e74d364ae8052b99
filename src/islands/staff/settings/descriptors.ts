/**
 * What each section's form shows (the society file's fields, `lib/society/society-file.ts`): a
 * descriptor per section built from a few field kinds, which `SectionFields` renders with the
 * parts in `parts.tsx`. A field's texts are named by its path in the file without list indexes
 * (`classes.documents.key`): `staff:settingsForms.fields.<path>` (lists: `lists.<path>.title` and
 * `.item` for one item, groups: `groups.<path>.title`), and `hints.<path>` where `hint` is set.
 */
import { CREDIT_CLASSES, CREDIT_METHODS } from '@/lib/credits/rules';
import { TERM_KINDS } from '@/lib/membership/terms';
import type { SocietySectionName } from '@/lib/society/sections';

export type Path = (string | number)[];
/** The value at a path of the society file being edited. */
export type Getter = (path: Path) => unknown;

interface Base {
  key: string;
  /** Has a hint under `hints.<path>`. */
  hint?: boolean;
}
export type FieldSpec = Base &
  (
    | { kind: 'bilingual'; long?: boolean; nullable?: boolean }
    | { kind: 'text'; mono?: boolean; nullable?: boolean; placeholder?: string }
    | { kind: 'number'; step?: number; nullable?: boolean }
    | { kind: 'numbers' }
    | { kind: 'switch' }
    /** One of fixed values (or of the codes `options` finds elsewhere in the file), each labelled by the key `label(value)` names. */
    | {
        kind: 'select';
        options: readonly string[] | ((get: Getter, path: Path) => string[]);
        label: (value: string) => string;
      }
    /** A day or a moment (`joinOpens`, `published`); empty: none. */
    | { kind: 'moment' }
    | { kind: 'color' }
    | { kind: 'picture' }
    /** Some of the codes `options` finds elsewhere in the file (`changeTo`: other classes). */
    | { kind: 'pick'; options: (get: Getter, path: Path) => string[] }
    | { kind: 'group'; fields: FieldSpec[] }
    | {
        kind: 'list';
        item: FieldSpec[];
        blank: () => Record<string, unknown>;
        max: number;
        /** Items shown folded (their code and name as the summary) until opened. */
        folded?: boolean;
      }
  );

export interface SectionSpec {
  /** Where the fields sit in the file: `['settings']`; the lists and the brand's keys at the top (`[]`). */
  root: Path;
  fields: FieldSpec[];
}

const both = (zh = '', en = '') => ({ 'zh-tw': zh, 'en-us': en });
const codesOf = (list: unknown, key: string): string[] =>
  Array.isArray(list) ? list.map((item) => String((item as Record<string, unknown>)?.[key] ?? '')).filter(Boolean) : [];

/** An item's key and bilingual name (a rule set's categories, topics and groups, a class's documents). */
const keyAndName: FieldSpec[] = [
  { kind: 'text', key: 'key', mono: true },
  { kind: 'bilingual', key: 'name' },
];
/** A rule set's list of keyed names (its categories, its topics). */
const namedList = (key: string): FieldSpec => ({
  kind: 'list',
  key,
  max: 50,
  item: keyAndName,
  blank: () => ({ key: '', name: both() }),
});

const classFields: FieldSpec[] = [
  { kind: 'text', key: 'code', mono: true, hint: true },
  { kind: 'bilingual', key: 'name' },
  { kind: 'bilingual', key: 'description', long: true },
  { kind: 'bilingual', key: 'eligibility', long: true },
  { kind: 'bilingual', key: 'terms', long: true, hint: true },
  { kind: 'number', key: 'entranceFee' },
  { kind: 'number', key: 'duesPerTerm', hint: true },
  { kind: 'select', key: 'term', options: TERM_KINDS, label: (v) => `staff:settingsForms.terms.${v}` },
  { kind: 'number', key: 'termMonths', nullable: true, hint: true },
  { kind: 'switch', key: 'life' },
  { kind: 'switch', key: 'reviewed', hint: true },
  { kind: 'moment', key: 'joinOpens', hint: true },
  {
    kind: 'pick',
    key: 'changeTo',
    hint: true,
    options: (get, path) => {
      const own = get([...path.slice(0, -1), 'code']);
      return codesOf(get(['classes']), 'code').filter((code) => code !== own);
    },
  },
  { kind: 'switch', key: 'active', hint: true },
  {
    kind: 'list',
    key: 'documents',
    max: 20,
    item: [...keyAndName, { kind: 'switch', key: 'required' }],
    blank: () => ({ key: '', name: both(), required: true }),
  },
];

const points = { kind: 'number', step: 0.1 } as const;
const ruleFields: FieldSpec[] = [
  { kind: 'number', key: 'periodMonths' },
  { ...points, key: 'totalPoints' },
  { kind: 'number', key: 'renewalWindowMonths', hint: true },
  { kind: 'number', key: 'claimFee' },
  namedList('categories'),
  namedList('topics'),
  {
    kind: 'list',
    key: 'groups',
    max: 50,
    item: [
      ...keyAndName,
      {
        kind: 'pick',
        key: 'categories',
        options: (get, path) => codesOf(get([...path.slice(0, -3), 'categories']), 'key'),
      },
      { ...points, key: 'min' },
      { ...points, key: 'cap', nullable: true, hint: true },
      {
        kind: 'list',
        key: 'mustInclude',
        max: 50,
        item: [
          {
            kind: 'select',
            key: 'topic',
            // The rule set's own topics, by key.
            options: (get, path) => codesOf(get([...path.slice(0, -5), 'topics']), 'key'),
            label: (v) => v,
          },
          { ...points, key: 'min' },
        ],
        blank: () => ({ topic: '', min: 0 }),
      },
    ],
    blank: () => ({ key: '', name: both(), categories: [], min: 0, cap: null, mustInclude: [] }),
  },
  {
    kind: 'list',
    key: 'classMinimums',
    max: CREDIT_CLASSES.length,
    item: [
      { kind: 'select', key: 'creditClass', options: CREDIT_CLASSES, label: (v) => `credits:classes.${v}` },
      { ...points, key: 'min' },
    ],
    blank: () => ({ creditClass: CREDIT_CLASSES[0], min: 0 }),
  },
  {
    kind: 'list',
    key: 'methodCaps',
    max: CREDIT_METHODS.length,
    item: [
      { kind: 'select', key: 'method', options: CREDIT_METHODS, label: (v) => `credits:methods.${v}` },
      { ...points, key: 'cap' },
    ],
    blank: () => ({ method: CREDIT_METHODS[0], cap: 0 }),
  },
  {
    kind: 'group',
    key: 'attendance',
    hint: true,
    fields: [
      { kind: 'number', key: 'fullShare', step: 0.01 },
      { kind: 'number', key: 'proRateShare', step: 0.01 },
    ],
  },
  {
    kind: 'group',
    key: 'accreditation',
    fields: [
      { kind: 'number', key: 'reviewFee' },
      { kind: 'number', key: 'leadDays' },
      { kind: 'number', key: 'urgentDays' },
      { kind: 'number', key: 'urgentFee' },
      { kind: 'number', key: 'rosterDays' },
      { kind: 'number', key: 'maxPointsPerHour', step: 0.1 },
    ],
  },
];

export const SECTION_SPECS: Record<SocietySectionName, SectionSpec> = {
  system: {
    root: ['settings'],
    fields: [
      { kind: 'text', key: 'postServiceUrl', nullable: false, hint: true, placeholder: 'https://' },
      { kind: 'number', key: 'newebpayTradeLimit', hint: true },
      { kind: 'number', key: 'webEmailValidMinute', hint: true },
      { kind: 'number', key: 'loginBlockMinute', hint: true },
      { kind: 'bilingual', key: 'loginNotice', long: true, hint: true },
    ],
  },
  membership: {
    root: ['membership'],
    fields: [
      { kind: 'number', key: 'graceDays', hint: true },
      { kind: 'number', key: 'renewalWindowDays', hint: true },
      { kind: 'text', key: 'lateJoinFrom', nullable: true, hint: true, placeholder: 'MM-DD' },
      { kind: 'text', key: 'memberNoPattern', mono: true, hint: true },
      { kind: 'number', key: 'replaceFee' },
      { kind: 'number', key: 'paymentDays', hint: true },
      { kind: 'number', key: 'returnedDays', hint: true },
      { kind: 'number', key: 'reviewDays', hint: true },
      { kind: 'number', key: 'pauseMaxMonths' },
      { kind: 'numbers', key: 'remindBeforeDays', hint: true },
      { kind: 'numbers', key: 'remindInGraceDays', hint: true },
    ],
  },
  classes: {
    root: [],
    fields: [
      {
        kind: 'list',
        key: 'classes',
        max: 50,
        folded: true,
        item: classFields,
        blank: () => ({
          code: '',
          name: both(),
          description: both(),
          eligibility: both(),
          terms: both(),
          documents: [],
          entranceFee: 0,
          duesPerTerm: 0,
          term: 'calendarYear',
          termMonths: null,
          life: false,
          reviewed: true,
          joinOpens: null,
          changeTo: [],
          active: true,
        }),
      },
    ],
  },
  topics: {
    root: [],
    fields: [
      {
        kind: 'list',
        key: 'topics',
        max: 100,
        folded: true,
        item: [
          { kind: 'text', key: 'code', mono: true, hint: true },
          { kind: 'bilingual', key: 'name' },
          { kind: 'bilingual', key: 'description', long: true, nullable: true },
          { kind: 'switch', key: 'active' },
        ],
        blank: () => ({ code: '', name: both(), description: null, active: true }),
      },
    ],
  },
  certifications: {
    root: [],
    fields: [
      {
        kind: 'list',
        key: 'certifications',
        max: 50,
        folded: true,
        item: [
          { kind: 'text', key: 'code', mono: true, hint: true },
          { kind: 'bilingual', key: 'name' },
          { kind: 'bilingual', key: 'issuer' },
          { kind: 'bilingual', key: 'description', long: true },
          { kind: 'moment', key: 'published', hint: true },
          { kind: 'group', key: 'rules', fields: ruleFields },
        ],
        blank: () => ({
          code: '',
          name: both(),
          issuer: both(),
          description: both(),
          published: null,
          rules: {
            periodMonths: 72,
            totalPoints: 0,
            renewalWindowMonths: 6,
            classMinimums: [],
            categories: [{ key: 'general', name: both() }],
            groups: [],
            methodCaps: [],
            claimFee: 0,
            attendance: { fullShare: 1, proRateShare: 0.5 },
            accreditation: {
              reviewFee: 0,
              leadDays: 30,
              urgentDays: 14,
              urgentFee: 0,
              rosterDays: 30,
              maxPointsPerHour: 1,
            },
          },
        }),
      },
    ],
  },
  brand: {
    root: [],
    fields: [
      { kind: 'bilingual', key: 'description', long: true, hint: true },
      { kind: 'color', key: 'color', hint: true },
      { kind: 'picture', key: 'logo', hint: true },
      { kind: 'picture', key: 'favicon', hint: true },
      { kind: 'bilingual', key: 'remittance', long: true, hint: true },
    ],
  },
};
