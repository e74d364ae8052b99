import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chooseEncoding, type Encoding, encodedEtag, ENCODINGS } from './compression';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** The suffix of the compressed copies the build writes beside a file (scripts/compress-assets.mjs). */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** One coding of a static file: its bytes and every header of its answer. */
export interface StaticVariant {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
}

export interface StaticFile {
  plain: StaticVariant;
  /** The codings the build wrote a copy in. */
  encodings: Encoding[];
  coded: Partial<Record<Encoding, StaticVariant>>;
}

/** The copy of `file` to send for this `Accept-Encoding`: the best coding it has, else the file. */
export function staticVariant(file: StaticFile, acceptEncoding: string | string[] | undefined): StaticVariant {
  const encoding = file.encodings.length ? chooseEncoding(acceptEncoding, file.encodings) : null;
  return (encoding && file.coded[encoding]) || file.plain;
}

/**
 * The built client files (dist/client), read once at start: they are small, never change while
 * the process runs, and answering from memory is the fastest path there is. A file the build
 * compressed has its `.br` and `.gz` copies beside it; they are answered by `Accept-Encoding` at
 * the file's own address (each with its own ETag, every copy with `Vary: Accept-Encoding`), not
 * at addresses of their own.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const base = full.replace(/\.(br|gz)$/, '');
      if (base !== full && existsSync(base)) continue;
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      const body = readFileSync(full);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const immutable = urlPath.startsWith('/_astro/');
      const encodings = ENCODINGS.filter((encoding) => existsSync(full + SUFFIX[encoding]));
      const headers: Record<string, string> = {
        'Content-Type': TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': String(body.byteLength),
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        ETag: etag,
        ...(encodings.length ? { Vary: 'Accept-Encoding' } : {}),
      };
      const coded: StaticFile['coded'] = {};
      for (const encoding of encodings) {
        const codedBody = readFileSync(full + SUFFIX[encoding]);
        const codedEtag = encodedEtag(etag, encoding);
        coded[encoding] = {
          body: codedBody,
          etag: codedEtag,
          headers: {
            ...headers,
            'Content-Encoding': encoding,
            'Content-Length': String(codedBody.byteLength),
            ETag: codedEtag,
          },
        };
      }
      files.set(urlPath, { plain: { body, etag, headers }, encodings, coded });
    }
  };
  try {
    walk(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return files;
}
