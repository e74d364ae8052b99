// How much JavaScript a page loads: the scripts its HTML names, plus everything those scripts
// import statically, followed recursively. Sizes are the raw bytes the server sends and their
// gzip size (node:zlib gzipSync, default level), summed per file.
//
// What counts as "named by the HTML":
//   <script src="...">                      classic or type="module"
//   <link rel="modulepreload" href="...">
//   <astro-island component-url renderer-url before-hydration-url>   loaded when the island hydrates
//   import statements inside inline <script type="module"> (the inline code itself is part of the
//   HTML; its size is reported apart, not in the file total)
// What counts as a static import inside a script (minified or not):
//   import x from "/_astro/a.js"   import {a as b} from "./a.js"   import "./a.js"
//   export * from "./a.js"         export {a} from "./a.js"
// Dynamic import("...") is not followed: it loads on demand, not with the page.
import { gzipSync } from 'node:zlib';
import { httpGet } from './http-get.mjs';

/** A bound on the walk, so a strange build can never make it run away. */
const MAX_FILES = 500;

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const LINK_TAG = /<link\b([^>]*)>/gi;
const ISLAND_TAG = /<astro-island\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
// `import` or `export`, then either a quote straight away (side-effect import) or an import/export
// clause (names, braces, `* as x`, commas, whitespace) followed by `from`, then the quoted specifier.
// `import(` and `import.meta` do not match: neither `(` nor `.` may follow `import`.
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g;

function attributes(source) {
  const found = {};
  for (const m of source.matchAll(ATTRIBUTE)) found[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return found;
}

function decodeEntities(text) {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The static import specifiers in a piece of JavaScript source. */
export function staticImports(source) {
  return [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]);
}

/** The script URLs and inline module code that an HTML document names. */
export function scriptsInHtml(html) {
  const urls = [];
  const inline = [];
  for (const m of html.matchAll(SCRIPT_TAG)) {
    const attrs = attributes(m[1]);
    const type = (attrs.type ?? '').toLowerCase();
    if (!JS_TYPES.has(type)) continue; // JSON-LD, import maps, templates…
    if (attrs.src) urls.push(attrs.src);
    else if (m[2].trim()) inline.push({ module: type === 'module', code: m[2] });
  }
  for (const m of html.matchAll(LINK_TAG)) {
    const attrs = attributes(m[1]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && attrs.href) urls.push(attrs.href);
  }
  for (const m of html.matchAll(ISLAND_TAG)) {
    const attrs = attributes(m[1]);
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url'])
      if (attrs[name]) urls.push(attrs[name]);
  }
  return { urls, inline };
}

/**
 * Walks the JavaScript that the page at `pageUrl` loads. Only same-origin files are fetched
 * (the bench targets 127.0.0.1 only); anything else is listed in `skipped`.
 */
export async function measurePageJavaScript(pageUrl, headers = {}) {
  const page = await httpGet(pageUrl, headers);
  if (page.status < 200 || page.status > 299) throw new Error(`${pageUrl} answered ${page.status}`);
  const origin = new URL(pageUrl).origin;
  const { urls, inline } = scriptsInHtml(page.body.toString('utf8'));

  const queue = [];
  const seen = new Set();
  const skipped = [];
  const enqueue = (specifier, base) => {
    let url;
    try {
      // A bare specifier ("react") has no URL form; a browser would need an import map for it.
      if (!/^(\/|\.\.?\/|[a-z][a-z\d+.-]*:)/i.test(specifier)) throw new Error('bare');
      url = new URL(specifier, base);
    } catch {
      skipped.push({ specifier, from: base, reason: 'not a URL' });
      return;
    }
    url.hash = '';
    if (url.origin !== origin) {
      skipped.push({ specifier, from: base, reason: 'other origin' });
      return;
    }
    if (seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({ url: url.href, from: base });
  };

  for (const u of urls) enqueue(u, pageUrl);
  for (const block of inline) if (block.module) for (const s of staticImports(block.code)) enqueue(s, pageUrl);

  const files = [];
  // Each pass takes one file off the queue; the queue only grows with URLs not seen before and
  // the walk stops at MAX_FILES, so this ends.
  while (queue.length > 0) {
    if (files.length >= MAX_FILES) throw new Error(`more than ${MAX_FILES} scripts: stopping the walk`);
    const { url, from } = queue.shift();
    const res = await httpGet(url);
    if (res.status < 200 || res.status > 299) {
      // Listed, not fatal: the import scan is textual, so a string that merely looks like an
      // import could land here; the caller prints these so a real broken script is still seen.
      skipped.push({ specifier: new URL(url).pathname, from, reason: `answered ${res.status}` });
      continue;
    }
    files.push({
      url: new URL(url).pathname,
      from: from === pageUrl ? 'page' : new URL(from).pathname,
      raw: res.body.length,
      gzip: gzipSync(res.body).length,
    });
    for (const s of staticImports(res.body.toString('utf8'))) enqueue(s, url);
  }

  const inlineBytes = inline.reduce((sum, b) => sum + Buffer.byteLength(b.code), 0);
  return {
    page: new URL(pageUrl).pathname,
    files,
    fileCount: files.length,
    rawBytes: files.reduce((sum, f) => sum + f.raw, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzip, 0),
    inlineScripts: inline.length,
    inlineRawBytes: inlineBytes,
    inlineGzipBytes: inline.length ? gzipSync(Buffer.from(inline.map((b) => b.code).join('\n'))).length : 0,
    skipped,
  };
}
