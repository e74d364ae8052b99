// Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the
// built client (dist/client): the front answers them by Accept-Encoding without compressing at run
// time (src/server/front/static-files.ts, docs/decisions/037). A copy no smaller than its file is
// not written. Images, fonts and archives are compressed already and are left alone.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.html', '.xml']);

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compresses the text files under `dir`; answers how many bytes they are plain, in brotli and in gzip. */
export async function compressAssets(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && TEXT.has(path.extname(e.name).toLowerCase()))
    .map((e) => path.join(e.parentPath, e.name));
  const totals = { files: files.length, plain: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.plain += body.length;
      for (const [coded, suffix, key] of [
        [br, '.br', 'br'],
        [gzipped, '.gz', 'gzip'],
      ]) {
        totals[key] += Math.min(coded.length, body.length);
        // A copy left from an earlier build of the same file name is not kept.
        if (coded.length < body.length) await writeFile(file + suffix, coded);
        else await rm(file + suffix, { force: true });
      }
    }),
  );
  return totals;
}
