import type { TransitionBeforePreparationEvent } from 'astro:transitions/client';
import i18next, { type i18n, type TFunction } from 'i18next';
import { currentLocale } from '../client/locale';
import type { Locale } from '../lib/locales';
import { moneyText } from './money-text';

// The translations in the browser. The client build (scripts/vite-island-messages.mjs) answers
// `@/i18n` with this module instead of ./index.ts, which holds every namespace of both languages,
// and ends each island module with `await loadIslandMessages(...)` of a module per language that
// holds the texts its code names. So a page loads its language's texts of its islands, in files
// the browser keeps, and `getT` stays synchronous as on the server.

/** Texts by namespace, as in the files of ./locales (or a part of them). */
export type Messages = Record<string, Record<string, unknown>>;
/** An island's texts in each language (modules made by the build). */
export type IslandMessages = Record<Locale, () => Promise<{ default: Messages }>>;

const instances = new Map<Locale, i18n>();

function instance(locale: Locale): i18n {
  let found = instances.get(locale);
  if (!found) {
    found = i18next.createInstance();
    // The same options as the server's (./index.ts); no fallback language: both languages have
    // every key (src/i18n/resources.test.ts), and a fallback would load the other language too.
    void found.init({
      lng: locale,
      fallbackLng: false,
      resources: {},
      ns: [],
      defaultNS: 'common',
      lowerCaseLng: true,
      initAsync: false,
      interpolation: { escapeValue: false },
      // A text asked for and not loaded means the build did not see its key in the island's code
      // (a key handed in from outside, or built from parts): said loudly, so a test's browser
      // fails on it (tests/e2e/fixtures.ts) rather than a reader seeing the bare key.
      saveMissing: true,
      missingKeyHandler: (_languages, ns, key, _fallback, _update, options: { defaultValue?: unknown } = {}) => {
        if (options.defaultValue === undefined) console.error(`No ${locale} text loaded for ${ns}:${key}`);
      },
    });
    instances.set(locale, found);
  }
  return found;
}

/** Adds texts in one language to those `getT` reads. */
export function addMessages(locale: Locale, messages: Messages): void {
  const target = instance(locale);
  for (const [ns, texts] of Object.entries(messages)) target.addResourceBundle(locale, ns, texts, true, true);
}

/** The texts modules of every island run on this page, with their loads in each language. */
const islands = new Map<IslandMessages, Partial<Record<Locale, Promise<void>>>>();

/** Loads an island's texts in `locale` (the page's language unless given), once. */
export function loadIslandMessages(island: IslandMessages, locale: Locale = currentLocale()): Promise<void> {
  let loads = islands.get(island);
  if (!loads) islands.set(island, (loads = {}));
  let load = loads[locale];
  if (!load) {
    load = island[locale]().then((module) => addMessages(locale, module.default));
    // A failed load (offline, a new build) is tried again the next time it is asked for.
    load.catch(() => delete loads[locale]);
    loads[locale] = load;
  }
  return load;
}

/** A translate function for one language; an island's texts are loaded before it runs. */
export function getT(locale: Locale): TFunction {
  const found = instance(locale);
  return found.t.bind(found) as TFunction;
}

/** An amount of money as the reader's language writes it: 新臺幣 1,200 元, NT$1,200. */
export function formatMoney(amount: number, locale: Locale): string {
  return moneyText(getT(locale), amount);
}

// The site moves between pages without reloading (Astro's ClientRouter). An island module already
// loaded does not run its load again, so when the next page is in another language, the texts of
// every island loaded so far are loaded in that language too before the page is shown. If they
// cannot be loaded, the page is loaded whole instead.
globalThis.document?.addEventListener('astro:before-preparation', (event) => {
  const preparation = event as TransitionBeforePreparationEvent;
  const load = preparation.loader;
  preparation.loader = async () => {
    await load();
    const locale = currentLocale(preparation.newDocument);
    try {
      await Promise.all([...islands.keys()].map((island) => loadIslandMessages(island, locale)));
    } catch {
      location.assign(preparation.to.href);
    }
  };
});
