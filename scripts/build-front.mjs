// Bundles the node:http front (src/server/main.ts) next to Astro's build, and stamps the build id.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  // The server, and the operators' commands for the system settings, preview links, roles, and
  // bringing members and credits over from an old system.
  entryPoints: {
    main: `${root}src/server/main.ts`,
    settings: `${root}src/server/cli/settings.ts`,
    'preview-link': `${root}src/server/cli/preview-link.ts`,
    admin: `${root}src/server/cli/admin.ts`,
    import: `${root}src/server/cli/import.ts`,
    export: `${root}src/server/cli/export.ts`,
    // The embedded database's thread, started by src/server/db/pglite-thread.ts from beside it.
    'pglite-worker': `${root}src/server/db/pglite-worker.mjs`,
  },
  outdir: `${root}dist/front`,
  outExtension: { '.js': '.mjs' },
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
