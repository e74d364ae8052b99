import type { IncomingMessage } from 'node:http';
import type { Locale } from '../../lib/locales';
import { splitLocale } from '../../lib/paths';

/** What the front tells Astro's middleware when it has taken a page address's language prefix off. */
export interface TakenPrefix {
  localePrefix: Locale;
  requestedPath: string;
}

/**
 * A page address with a language prefix (`/en-us/news/list`) goes to Astro without it
 * (`/news/list`), its language and the address as asked handed over as locals: the middleware
 * would otherwise rewrite it to the one page file, and Astro's rewrite routed and prepared the
 * request a second time, a third of an English page's cost (decision record 039). API addresses
 * keep their path (the API takes its language from the `Lang` header).
 */
export function takeLocalePrefix(req: IncomingMessage): TakenPrefix | undefined {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  const { prefix, path } = splitLocale(pathname);
  if (!prefix || path === '/api' || path.startsWith('/api/')) return undefined;
  req.url = path + (query < 0 ? '' : url.slice(query));
  return { localePrefix: prefix, requestedPath: pathname };
}
