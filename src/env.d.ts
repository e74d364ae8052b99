/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The reader's language for this request. */
    locale: import('./lib/locales').Locale;
    /** The path as the reader asked for it (with its locale prefix, if any). */
    requestedPath: string;
    /** The path without a locale prefix: the route's own address. */
    routePath: string;
    /**
     * Set by the front (server/front/locale-prefix.ts) when it has taken the address's language
     * prefix off before Astro: the middleware then has nothing to rewrite.
     */
    localePrefix?: import('./lib/locales').Locale;
    requestId: string;
    /** Reached over TLS (SITE_URL https, an https request, or a trusted proxy's X-Forwarded-Proto): cookies are Secure, answers carry HSTS. */
    tls: boolean;
    /** The signed-in account of this request (pages only; the API authenticates per endpoint). */
    actor: import('./server/auth/sessions').Actor | null;
    /**
     * The page's query holds a secret (a mailed review link's token): the frame's links leave it
     * out, and the language switch adds it back in the browser when followed.
     */
    secretQuery?: boolean;
  }
}

/** OpenCC's character table, a string of `source replacement` pairs (the package types only its converters). */
declare module 'opencc-js/dict/TSCharacters' {
  const dict: string;
  export default dict;
}
