import type { TransitionBeforePreparationEvent } from 'astro:transitions/client';
import i18next, { type i18n, type TFunction } from 'i18next';
import { currentLocale } from '../client/locale';
import type { Locale } from '../lib/locales';
import { moneyText } from './money-text';

// The translations in the browser. The client build (scripts/vite-island-messages.mjs) answers
// `@/i18n` with this module instead of ./index.ts, which holds every namespace of both languages,
// and starts each island module with `await loadMessages([...])` of the namespaces its own code
// names. So a page loads its language's messages of the namespaces its islands use, each one a
// file of its own that the browser keeps, and `getT` stays synchronous as on the server.

/** One lazily loaded module per language and namespace, e.g. './locales/en-us/account.json'. */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' });

const instances = new Map<Locale, i18n>();
const loads = new Map<string, Promise<void>>();

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
    });
    instances.set(locale, found);
  }
  return found;
}

/** Loads the messages of `namespaces` in `locale` (the page's language unless given), each once. */
export function loadMessages(namespaces: readonly string[], locale: Locale = currentLocale()): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      const id = `${locale}/${ns}`;
      let load = loads.get(id);
      if (!load) {
        const bundle = bundles[`./locales/${id}.json`];
        if (!bundle) return Promise.reject(new Error(`no translations ${id}`));
        load = bundle().then((messages) => {
          instance(locale).addResourceBundle(locale, ns, messages);
        });
        // A failed load (offline, a new build) is tried again by the next island that needs it.
        load.catch(() => loads.delete(id));
        loads.set(id, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** A translate function for one language; its namespaces are loaded before the island runs. */
export function getT(locale: Locale): TFunction {
  const found = instance(locale);
  return found.t.bind(found) as TFunction;
}

/** An amount of money as the reader's language writes it: 新臺幣 1,200 元, NT$1,200. */
export function formatMoney(amount: number, locale: Locale): string {
  return moneyText(getT(locale), amount);
}

// The site moves between pages without reloading (Astro's ClientRouter). An island module already
// loaded does not run its `loadMessages` again, so when the next page is in another language, every
// namespace loaded so far is loaded in that language too before the page is shown.
// If they cannot be loaded, the page is loaded whole instead.
globalThis.document?.addEventListener('astro:before-preparation', (event) => {
  const preparation = event as TransitionBeforePreparationEvent;
  const load = preparation.loader;
  preparation.loader = async () => {
    await load();
    const namespaces = [...new Set([...loads.keys()].map((id) => id.slice(id.indexOf('/') + 1)))];
    try {
      await loadMessages(namespaces, currentLocale(preparation.newDocument));
    } catch {
      location.assign(preparation.to.href);
    }
  };
});
