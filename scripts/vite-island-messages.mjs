// A Vite plugin for the client build: each island loads its page's language and only the
// namespaces of translations its code names, instead of every namespace of both languages.
//
// - `@/i18n` (src/i18n/index.ts, every translation, for the server) is answered in the browser by
//   src/i18n/client.ts, whose `getT` reads messages loaded one language and namespace at a time.
// - Each island module (src/islands/**/*.tsx with a default export) ends with
//   `await loadMessages([...])` of the namespaces named in its own code and in the modules of
//   src/ it imports, followed through their imports: keys are written whole with their namespace
//   ('account:fields.password', `errors:${code}`), so a namespace is named where a key of it is.
//   `common`, the namespace of a key without one, is always loaded, and so are the namespaces the
//   texts of a loaded one take texts from (`$t(payments:finance.title)`). Astro hydrates an island
//   once its module has run, so its messages are there before its first render.
//
// A key that reaches an island from outside its code (a page handing it one as a prop) is not
// seen: such an island names the namespace in its own code (see SubmitFlow).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
export const SERVER_I18N = path.join(SRC, 'i18n', 'index.ts');
export const CLIENT_I18N = path.join(SRC, 'i18n', 'client.ts');
const ISLAND = /\/src\/islands\/.+\.tsx$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The namespaces there are: the files of the default language. */
export const NAMESPACES = readdirSync(path.join(SRC, 'i18n', 'locales', 'zh-tw'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

/** For each namespace, the namespaces its texts take texts from (`$t(payments:finance.title)`). */
const NESTED = new Map(
  NAMESPACES.map((ns) => {
    const texts = ['zh-tw', 'en-us'].map((locale) =>
      readFileSync(path.join(SRC, 'i18n', 'locales', locale, `${ns}.json`), 'utf8'),
    );
    return [ns, new Set(texts.flatMap((text) => [...text.matchAll(/\$t\(([A-Za-z]+):/g)].map((m) => m[1])))];
  }),
);

const KEY = new RegExp(`[\`'"](${NAMESPACES.join('|')}):`, 'g');
// Imports and re-exports that load code (not `import type`), and dynamic imports.
const IMPORT = /(?:^|[^\w$.])(?:import|export)(?!\s+type\b)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']([^"'\n]+)["']\s*\)/g;

/** The namespaces a piece of source names in its keys. */
export function namespacesIn(code) {
  return new Set([...code.matchAll(KEY)].map((m) => m[1]));
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

/** A file's namespaces and imports, kept while the file is unchanged. */
const scanned = new Map();

function scan(file) {
  const mtime = statSync(file).mtimeMs;
  const kept = scanned.get(file);
  if (kept?.mtime === mtime) return kept;
  const code = readFileSync(file, 'utf8');
  const imports = [...code.matchAll(IMPORT), ...code.matchAll(DYNAMIC_IMPORT)]
    .map((m) => resolveImport(m[1], file))
    .filter((f) => f !== null);
  const result = { mtime, namespaces: namespacesIn(code), imports };
  scanned.set(file, result);
  return result;
}

/** The namespaces an island needs: `common` and those named in it and in what it imports of src/. */
export function islandNamespaces(file) {
  const found = new Set(['common']);
  const seen = new Set();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop();
    // The server's module lists every namespace, and the browser gets client.ts instead.
    if (seen.has(next) || next === SERVER_I18N) continue;
    seen.add(next);
    const { namespaces, imports } = scan(next);
    for (const ns of namespaces) found.add(ns);
    queue.push(...imports);
  }
  for (const ns of found) for (const nested of NESTED.get(ns) ?? []) found.add(nested);
  return [...found].sort();
}

/**
 * `code`, an island module, finishing with the load of its namespaces (at the end, so its lines
 * keep their numbers; imports run first wherever they are written).
 */
export function withMessages(code, namespaces) {
  return (
    `${code}\nimport { loadMessages as __loadIslandMessages } from ${JSON.stringify(CLIENT_I18N)};\n` +
    `await __loadIslandMessages(${JSON.stringify(namespaces)});\n`
  );
}

export function islandMessages() {
  return {
    name: 'portal:island-messages',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || !/(^|\/)i18n(\/index(\.ts)?)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.split('?')[0] === SERVER_I18N ? CLIENT_I18N : null;
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!ISLAND.test(file) || !/^export default /m.test(code)) return null;
      return { code: withMessages(code, islandNamespaces(file)), map: null };
    },
  };
}
