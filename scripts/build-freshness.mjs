// Whether `npm start` must build first: the build's inputs (the sources, and the demo society the
// build embeds) changed since the last build. A folder's own time counts, so a file removed from
// the sources is a change too. What an operator keeps beside the sources (`.env`, their own society
// file under `society/`, `DATA_DIR`) is no input: changing it never rebuilds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const BUILD_INPUTS = [
  'src',
  'public',
  'drizzle',
  'society/demo',
  'astro.config.mjs',
  'package.json',
  'tsconfig.json',
  'scripts/build-front.mjs',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** Null when the build under `root` is fresh; else why it must be built (`'none'`, `'changed'`). */
export function buildNeeded(root) {
  const stamp = path.join(root, 'dist', 'build-id.txt');
  const built =
    existsSync(stamp) && existsSync(path.join(root, 'dist', 'front', 'main.mjs')) ? statSync(stamp).mtimeMs : 0;
  if (!built) return 'none';
  const changed = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(root, p))));
  return changed > built ? 'changed' : null;
}
