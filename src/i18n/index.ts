import i18next, { type TFunction } from 'i18next';
import type { Locale } from '../lib/locales';
import { LOCALES } from '../lib/locales';
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

/** The same resources serve server rendering, API messages and islands. */
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
  },
} as const;

/** Every namespace, from the default language's resources. */
export const NAMESPACES = Object.keys(resources['zh-tw']) as (keyof (typeof resources)['zh-tw'])[];

const instances = new Map<Locale, TFunction>();

for (const locale of LOCALES) {
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
  instances.set(locale, memoized(instance.t.bind(instance) as TFunction));
}

/** Translations of a plain key never change while the process runs: keep at most this many. */
const MEMO_LIMIT = 5000;

/**
 * `t` that remembers what a bare key translates to (most calls: labels, headings), since a page
 * makes hundreds of them; calls with options (interpolation, counts, defaults) go to i18next.
 */
function memoized(t: TFunction): TFunction {
  const memo = new Map<string, string>();
  return ((...args: Parameters<TFunction>) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string') return (t as unknown as (...a: unknown[]) => string)(...args);
    let value = memo.get(key);
    if (value === undefined) {
      value = t(key) as string;
      if (memo.size < MEMO_LIMIT) memo.set(key, value);
    }
    return value;
  }) as TFunction;
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
