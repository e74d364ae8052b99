// Bundles the node:http front (src/server/main.ts) next to Astro's build, writes the embedded
// database a new one starts from (src/server/db/initial-database.mjs), and stamps the build id.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeInitialDatabase } from '../src/server/db/initial-database.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  // The server, and the operators' commands: system settings, preview links, roles, the society
  // file, bringing members and credits over from an old system, backups, the audit chain's check,
  // and holding or releasing the mail outbox.
  entryPoints: {
    main: `${root}src/server/main.ts`,
    settings: `${root}src/server/cli/settings.ts`,
    'preview-link': `${root}src/server/cli/preview-link.ts`,
    admin: `${root}src/server/cli/admin.ts`,
    society: `${root}src/server/cli/society.ts`,
    import: `${root}src/server/cli/import.ts`,
    export: `${root}src/server/cli/export.ts`,
    backup: `${root}src/server/cli/backup.ts`,
    restore: `${root}src/server/cli/restore.ts`,
    'move-to-postgres': `${root}src/server/cli/move-to-postgres.ts`,
    'audit-verify': `${root}src/server/cli/audit-verify.ts`,
    mail: `${root}src/server/cli/mail.ts`,
    // The embedded database's thread, started by src/server/db/pglite-thread.ts from beside it.
    'pglite-worker': `${root}src/server/db/pglite-worker.mjs`,
  },
  outdir: `${root}dist/front`,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  alias: { '@': `${root}src` },
  sourcemap: true,
  plugins: [
    // Packages stay in node_modules, but for Drizzle: Node resolves each of its several hundred
    // modules through its 180 KB package.json, which cost every process over a second at its start.
    {
      name: 'external-packages',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./@]|^@[^/]+\// }, (args) =>
          /^drizzle-orm(\/|$)/.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
    // `import text from './file?raw'` as Vite reads it (the demo society file): the file's text.
    {
      name: 'raw',
      setup(esbuild) {
        esbuild.onResolve({ filter: /\?raw$/ }, (args) => ({
          path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)),
          namespace: 'raw',
        }));
        esbuild.onLoad({ filter: /.*/, namespace: 'raw' }, async (args) => ({
          contents: await readFile(args.path, 'utf8'),
          loader: 'text',
          watchFiles: [args.path],
        }));
      },
    },
  ],
  logLevel: 'warning',
});
await writeInitialDatabase(`${root}dist/front`);
writeFileSync(`${root}dist/build-id.txt`, `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}\n`);
