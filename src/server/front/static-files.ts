import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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

export interface StaticFile {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
}

/**
 * The built client files (dist/client), read once at start: they are small, never change while
 * the process runs, and answering from memory is the fastest path there is.
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
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      const body = readFileSync(full);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const immutable = urlPath.startsWith('/_astro/');
      files.set(urlPath, {
        body,
        etag,
        headers: {
          'Content-Type': TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
          'Content-Length': String(body.byteLength),
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          ETag: etag,
        },
      });
    }
  };
  try {
    walk(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return files;
}
