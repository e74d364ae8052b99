import i18next, { type TFunction } from 'i18next';
import type { Locale } from '../lib/locales';
import { LOCALES } from '../lib/locales';
import { moneyText } from './money-text';
import type { PaymentMethod } from '../lib/payments/methods';
import zhCommon from './locales/zh-tw/common.json';
import zhErrors from './locales/zh-tw/errors.json';
import enCommon from './locales/en-us/common.json';
import enErrors from './locales/en-us/errors.json';
import zhAccount from './locales/zh-tw/account.json';
import enAccount from './locales/en-us/account.json';
import zhPassword from './locales/zh-tw/password.json';
import enPassword from './locales/en-us/password.json';
import zhSignup from './locales/zh-tw/signup.json';
import enSignup from './locales/en-us/signup.json';
import zhContent from './locales/zh-tw/content.json';
import enContent from './locales/en-us/content.json';
import zhArticles from './locales/zh-tw/articles.json';
import enArticles from './locales/en-us/articles.json';
import zhEvents from './locales/zh-tw/events.json';
import enEvents from './locales/en-us/events.json';
import zhJournals from './locales/zh-tw/journals.json';
import enJournals from './locales/en-us/journals.json';
import zhMembership from './locales/zh-tw/membership.json';
import enMembership from './locales/en-us/membership.json';
import zhPayments from './locales/zh-tw/payments.json';
import enPayments from './locales/en-us/payments.json';
import zhReviews from './locales/zh-tw/reviews.json';
import enReviews from './locales/en-us/reviews.json';
import zhDocuments from './locales/zh-tw/documents.json';
import enDocuments from './locales/en-us/documents.json';
import zhCredits from './locales/zh-tw/credits.json';
import enCredits from './locales/en-us/credits.json';
import zhPapers from './locales/zh-tw/papers.json';
import enPapers from './locales/en-us/papers.json';
import zhStaff from './locales/zh-tw/staff.json';
import enStaff from './locales/en-us/staff.json';
import zhReports from './locales/zh-tw/reports.json';
import enReports from './locales/en-us/reports.json';
import zhContentDesk from './locales/zh-tw/contentDesk.json';
import enContentDesk from './locales/en-us/contentDesk.json';
import zhMoney from './locales/zh-tw/money.json';
import enMoney from './locales/en-us/money.json';
import zhDoor from './locales/zh-tw/door.json';
import enDoor from './locales/en-us/door.json';
import zhEventDesk from './locales/zh-tw/eventDesk.json';
import enEventDesk from './locales/en-us/eventDesk.json';
import zhSearch from './locales/zh-tw/search.json';
import enSearch from './locales/en-us/search.json';

/**
 * The same resources serve server rendering and API messages; the islands' copy in the browser is
 * ./client.ts, which loads one language's namespaces as its islands need them.
 */
export const resources = {
  'zh-tw': {
    common: zhCommon,
    errors: zhErrors,
    account: zhAccount,
    password: zhPassword,
    signup: zhSignup,
    content: zhContent,
    articles: zhArticles,
    events: zhEvents,
    journals: zhJournals,
    membership: zhMembership,
    payments: zhPayments,
    reviews: zhReviews,
    documents: zhDocuments,
    credits: zhCredits,
    papers: zhPapers,
    staff: zhStaff,
    reports: zhReports,
    contentDesk: zhContentDesk,
    money: zhMoney,
    door: zhDoor,
    eventDesk: zhEventDesk,
    search: zhSearch,
  },
  'en-us': {
    common: enCommon,
    errors: enErrors,
    account: enAccount,
    password: enPassword,
    signup: enSignup,
    content: enContent,
    articles: enArticles,
    events: enEvents,
    journals: enJournals,
    membership: enMembership,
    payments: enPayments,
    reviews: enReviews,
    documents: enDocuments,
    credits: enCredits,
    papers: enPapers,
    staff: enStaff,
    reports: enReports,
    contentDesk: enContentDesk,
    money: enMoney,
    door: enDoor,
    eventDesk: enEventDesk,
    search: enSearch,
  },
} as const;

/** Every namespace, from the default language's resources. */
export const NAMESPACES = Object.keys(resources['zh-tw']) as (keyof (typeof resources)['zh-tw'])[];

const instances = new Map<Locale, TFunction>();

/** i18next's own translate function for one language (what `getT` remembers from). */
export function i18nextT(locale: Locale): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'zh-tw',
    resources,
    ns: NAMESPACES,
    defaultNS: 'common',
    lowerCaseLng: true,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance) as TFunction;
}

for (const locale of LOCALES) instances.set(locale, memoized(i18nextT(locale)));

/** Translations and templates never change while the process runs: keep at most this many of each. */
const MEMO_LIMIT = 5000;

/** Options that choose which text i18next takes (or how), not only the values it fills in. */
const CHOOSING = new Set([
  'count',
  'context',
  'defaultValue',
  'ns',
  'lng',
  'lngs',
  'fallbackLng',
  'ordinal',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'keySeparator',
  'nsSeparator',
  'replace',
]);

type Options = Record<string, unknown>;
type Translate = (...args: unknown[]) => string;

/** Values only (strings and numbers), nothing that chooses the text: a template can fill them in. */
function onlyValues(options: unknown): options is Record<string, string | number> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return false;
  for (const [name, value] of Object.entries(options as Options)) {
    if (CHOOSING.has(name) || (typeof value !== 'string' && typeof value !== 'number')) return false;
  }
  return true;
}

/** `{ defaultValue }` and nothing else: the text is the key's, or the default when it has none. */
function onlyDefault(options: unknown): options is { defaultValue: string } {
  if (options === null || typeof options !== 'object') return false;
  const keys = Object.keys(options);
  return keys.length === 1 && keys[0] === 'defaultValue' && typeof (options as Options).defaultValue === 'string';
}

/**
 * The text of a key with each value as a marker i18next fills in like any value, cut at the
 * markers: [text, name, text, name, …, text].
 */
function template(t: Translate, key: string, names: string[]): string[] {
  const markers = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE000`]));
  const parts = t(key, markers).split(/\uE000(\d+)\uE000/);
  for (let i = 1; i < parts.length; i += 2) parts[i] = names[Number(parts[i])]!;
  return parts;
}

/**
 * `t` that remembers what a bare key translates to (most calls: labels, headings), and for a key
 * with values only, the text cut where the values go, so the next call only joins it: a page
 * makes hundreds of calls, and i18next's own work was a twentieth of a page's CPU. A key with
 * only a default (a state's name that may have no text) is remembered with that default. Calls
 * that choose the text otherwise (counts, contexts, another namespace or language) go to i18next.
 */
function memoized(t: TFunction): TFunction {
  const translate = t as unknown as Translate;
  const texts = new Map<string, string>();
  const templates = new Map<string, string[]>();
  /** The value kept under `id` in `memo`, or `load()`'s, kept while there is room. */
  function remember<V>(memo: Map<string, V>, id: string, load: () => V): V {
    let value = memo.get(id);
    if (value === undefined) {
      value = load();
      if (memo.size < MEMO_LIMIT) memo.set(id, value);
    }
    return value;
  }
  return ((...args: unknown[]) => {
    const [key, options] = args;
    if (typeof key !== 'string' || args.length > 2) return translate(...args);
    if (args.length === 1) return remember(texts, key, () => translate(key));
    if (onlyDefault(options)) {
      return remember(texts, `${key}\u0001${options.defaultValue}`, () => translate(key, options));
    }
    if (!onlyValues(options)) return translate(...args);
    const names = Object.keys(options);
    const parts = remember(templates, `${key}\u0000${names.join('\u0000')}`, () => template(translate, key, names));
    let text = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) text += String(options[parts[i]!]) + parts[i + 1]!;
    return text;
  }) as unknown as TFunction;
}

/** A translate function for one language. */
export function getT(locale: Locale): TFunction {
  return instances.get(locale)!;
}

/**
 * The API message for a business code in the reader's language, or the more precise message of
 * a reason (a key of the `errors` namespace) when the service gave one.
 */
export function errorMessage(
  code: number,
  locale: Locale,
  reason?: { key: string; values?: Record<string, string | number> },
): string {
  if (reason) return getT(locale)(`errors:${reason.key}`, reason.values ?? {});
  const table = resources[locale].errors as Record<string, string>;
  return table[String(code)] ?? resources[locale].errors['-999'];
}

/** An amount of money as the reader's language writes it: 新臺幣 1,200 元, NT$1,200. */
export function formatMoney(amount: number, locale: Locale): string {
  return moneyText(getT(locale), amount);
}

/** The ways to pay, in the reader's words: "card, ATM transfer, or bank transfer", 「信用卡、ATM 轉帳或銀行匯款」. */
export function formatPaymentMethods(methods: readonly PaymentMethod[], locale: Locale): string {
  const t = getT(locale);
  return new Intl.ListFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', { type: 'disjunction' }).format(
    methods.map((m) => t(`payments:page.ways.${m}`)),
  );
}
