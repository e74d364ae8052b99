// Bundles the node:http front (src/server/main.ts) next to Astro's build, and stamps the build id.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  entryPoints: [`${root}src/server/main.ts`],
  outfile: `${root}dist/front/main.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  alias: { '@': `${root}src` },
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync(`${root}dist/build-id.txt`, `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}\n`);
