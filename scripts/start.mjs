// `npm start`: builds when the sources are newer than the last build, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, 'dist', 'build-id.txt');
const inputs = [
  'src',
  'public',
  'drizzle',
  'society',
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

const built =
  existsSync(stamp) && existsSync(path.join(root, 'dist', 'front', 'main.mjs')) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
if (changed > built) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, 'dist', 'front', 'main.mjs'));
