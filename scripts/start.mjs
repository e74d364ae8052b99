// `npm start`: builds when the sources are newer than the last build, then runs the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNeeded } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const needed = buildNeeded(root);
if (needed) {
  console.log(needed === 'changed' ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, 'dist', 'front', 'main.mjs'));
