// A Vite plugin for the client build: each island loads its page's language and only the parts
// of the translations its code names, instead of every namespace of both languages.
//
// - `@/i18n` (src/i18n/index.ts, every translation, for the server) is answered in the browser by
//   src/i18n/client.ts, whose `getT` reads the messages the islands have loaded.
// - Each island a page hydrates (src/islands/**/*.tsx, an entry of the client build) ends with
//   `await loadIslandMessages({ 'zh-tw': () => import(…), 'en-us': () => import(…) })`: a
//   module per language made here with the parts of the texts named in the island's code and in
//   the modules of src/ it imports, followed through their imports. Keys are written whole
//   ('account:login.submit', `errors:${code}`), so a part is named where a key of it is: the
//   namespace's first-level entry (`account:login`, with its plural and context forms
//   `login_one`, `login_other`), or the whole namespace where the entry itself is not written out
//   (`errors:${code}`). `common`, the namespace of a key without one, always comes whole, and so
//   do the parts the chosen texts take texts from (`$t(payments:finance.title)`). Astro hydrates
//   an island once its module has run, so its texts are there at its first render.
//
// A key that reaches an island from outside its code (a page handing it one as a prop) is not
// seen: such an island names its keys in its own code (see SubmitFlow's `SubmitLabel`).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const LOCALES_DIR = path.join(SRC, 'i18n', 'locales');
export const SERVER_I18N = path.join(SRC, 'i18n', 'index.ts');
export const CLIENT_I18N = path.join(SRC, 'i18n', 'client.ts');
const LOCALES = ['zh-tw', 'en-us'];
const ISLAND = /\/src\/islands\/.+\.tsx$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];
const VIRTUAL = 'virtual:island-messages/';

/** The namespaces there are: the files of the default language. */
export const NAMESPACES = readdirSync(path.join(LOCALES_DIR, 'zh-tw'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

/** A namespace's texts in one language, kept while its file is unchanged. */
const read = new Map();

function texts(locale, ns) {
  const file = path.join(LOCALES_DIR, locale, `${ns}.json`);
  const mtime = statSync(file).mtimeMs;
  const kept = read.get(file);
  if (kept?.mtime === mtime) return kept.texts;
  const result = { mtime, texts: JSON.parse(readFileSync(file, 'utf8')) };
  read.set(file, result);
  return result.texts;
}

// `ns:` in quotes or a template, then the first-level entry when it is written out whole (a dot or
// the end of the string follows it).
const KEY = new RegExp(`[\`'"](${NAMESPACES.join('|')}):(?:([A-Za-z0-9_-]+)(?=[.'"\`]))?`, 'g');
const NESTING = /\$t\(([A-Za-z]+):(?:([A-Za-z0-9_-]+)(?=[.)]))?/g;
// Imports and re-exports that load code (not `import type`), and dynamic imports.
const IMPORT = /(?:^|[^\w$.])(?:import|export)(?!\s+type\b)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']([^"'\n]+)["']\s*\)/g;

/** A part of the texts: a whole namespace (`errors`) or one first-level entry of one (`account:login`). */
function partsOf(matches) {
  return new Set([...matches].map((m) => (m[2] ? `${m[1]}:${m[2]}` : m[1])));
}

/** The parts a piece of source names in its keys. */
export function partsIn(code) {
  return partsOf(code.matchAll(KEY));
}

/** The source file of src/ an import specifier names, or null (a package, a style, a JSON file). */
function resolveImport(specifier, importer) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(importer), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (/\.(tsx?|m?js)$/.test(file) && isFile(file)) return file.startsWith(SRC + path.sep) ? file : null;
  }
  return null;
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A file's parts and imports, kept while the file is unchanged. */
const scanned = new Map();

function scan(file) {
  const mtime = statSync(file).mtimeMs;
  const kept = scanned.get(file);
  if (kept?.mtime === mtime) return kept;
  const code = readFileSync(file, 'utf8');
  const imports = [...code.matchAll(IMPORT), ...code.matchAll(DYNAMIC_IMPORT)]
    .map((m) => resolveImport(m[1], file))
    .filter((f) => f !== null);
  const result = { mtime, parts: partsIn(code), imports };
  scanned.set(file, result);
  return result;
}

/** The entries of a namespace's texts that a part takes: the entry, its plural and context forms. */
function pick(all, part) {
  const entry = part.includes(':') ? part.slice(part.indexOf(':') + 1) : null;
  if (entry === null) return all;
  return Object.fromEntries(Object.entries(all).filter(([key]) => key === entry || key.startsWith(`${entry}_`)));
}

/** The texts of `parts` in one language: `{ namespace: { entry: … } }`. */
export function messagesFor(locale, parts) {
  const messages = {};
  for (const part of parts) {
    const ns = part.split(':')[0];
    messages[ns] = { ...messages[ns], ...pick(texts(locale, ns), part) };
  }
  return messages;
}

/** `parts` with `common`, the parts their texts nest in either language, and no entry of a whole namespace. */
export function completeParts(parts) {
  const all = new Set(['common', ...parts]);
  // Each pass adds parts only from the finite set there are, and stops when none is new.
  for (let size = 0; size !== all.size;) {
    size = all.size;
    for (const locale of LOCALES) {
      for (const part of partsOf(JSON.stringify(messagesFor(locale, all)).matchAll(NESTING))) all.add(part);
    }
  }
  return [...all].filter((part) => !(part.includes(':') && all.has(part.split(':')[0]))).sort();
}

/** The parts of the texts an island needs: those named in it and in what it imports of src/. */
export function islandParts(file) {
  const found = new Set();
  const seen = new Set();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop();
    // The server's module names every namespace, and the browser gets client.ts instead.
    if (seen.has(next) || next === SERVER_I18N) continue;
    seen.add(next);
    const { parts, imports } = scan(next);
    for (const part of parts) found.add(part);
    queue.push(...imports);
  }
  return completeParts(found);
}

/** The module id of an island's texts in one language; islands that need the same parts share it. */
function messagesId(locale, parts) {
  return `${VIRTUAL}texts-${locale}-${createHash('sha256').update(parts.join(',')).digest('hex').slice(0, 12)}`;
}

/**
 * `code`, an island module, finishing with the load of its texts (at the end, so its lines keep
 * their numbers; imports run first wherever they are written).
 */
export function withMessages(code, parts) {
  const loaders = LOCALES.map(
    (locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(messagesId(locale, parts))})`,
  );
  return (
    `${code}\nimport { loadIslandMessages as __loadIslandMessages } from ${JSON.stringify(CLIENT_I18N)};\n` +
    `await __loadIslandMessages({ ${loaders.join(', ')} });\n`
  );
}

export function islandMessages() {
  /** The parts of each texts module an island asked for. */
  const wanted = new Map();
  return {
    name: 'portal:island-messages',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (source.startsWith(VIRTUAL)) return `\0${source}`;
      if (!importer || !/(^|\/)i18n(\/index(\.ts)?)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.split('?')[0] === SERVER_I18N ? CLIENT_I18N : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const source = id.slice(1);
      const locale = LOCALES.find((l) => source.startsWith(`${VIRTUAL}texts-${l}-`));
      const parts = wanted.get(source);
      if (!parts) throw new Error(`${source}: no island asked for these texts`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messagesFor(locale, parts)))});\n`;
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!ISLAND.test(file) || !/^export default /m.test(code)) return null;
      // Only the islands a page hydrates (the build's entries) load texts: the parts they share
      // (fields, dialogs) would otherwise load theirs again. The dev server has no entries.
      if (this.environment?.mode !== 'dev' && !this.getModuleInfo(id)?.isEntry) return null;
      const parts = islandParts(file);
      for (const locale of LOCALES) wanted.set(messagesId(locale, parts), parts);
      return { code: withMessages(code, parts), map: null };
    },
  };
}
