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

/** The same resources serve server rendering, API messages and islands. */
export const resources = {
  'zh-tw': { common: zhCommon, errors: zhErrors, account: zhAccount, password: zhPassword, signup: zhSignup },
  'en-us': { common: enCommon, errors: enErrors, account: enAccount, password: enPassword, signup: enSignup },
} as const;

const instances = new Map<Locale, TFunction>();

for (const locale of LOCALES) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'zh-tw',
    resources,
    ns: ['common', 'errors', 'account', 'password', 'signup'],
    defaultNS: 'common',
    lowerCaseLng: true,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  instances.set(locale, instance.t.bind(instance) as TFunction);
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
