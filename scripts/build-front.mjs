// Bundles the node:http front (src/server/main.ts) next to Astro's build, writes the embedded
// database a new one starts from (src/server/db/initial-database.mjs), writes brotli and gzip
// copies of the client's text files (scripts/compress-assets.mjs), and stamps the build id.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeInitialDatabase } from '../src/server/db/initial-database.mjs';
import { compressAssets } from './compress-assets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Node.js the portal needs: `node:crypto`'s Argon2 (24.7), and Astro's compiler (22.12). `npm run`
 * puts the project's own Node 24 (the `node` dev dependency) first on PATH; a cron line or a shell
 * calling `node dist/front/….mjs` with the machine's older Node gets this said instead of a link error.
 */
const NODE_NEEDED = [24, 7];
/** Each entry's `npm run` script (the server's is `npm start`). */
const SCRIPT_OF = { main: 'start' };

// The server, and the operators' commands: system settings, preview links, roles, the society
// file, bringing members and credits over from an old system, backups, the audit chain's check,
// and holding or releasing the mail outbox.
const entries = {
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
};

await build({
  // The server, and the operators' commands (each behind a first file checking the Node version,
  // below), and the embedded database's thread, started by src/server/db/pglite-thread.ts from
  // beside them.
  entryPoints: {
    ...Object.fromEntries(Object.entries(entries).map(([name, file]) => [`${name}.run`, file])),
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
// Each entry's first file: checks the Node version before anything is imported (an ES module's
// imports are linked before its first line runs, so the check cannot sit in the bundle itself).
for (const name of Object.keys(entries)) {
  const script = SCRIPT_OF[name] ?? `run ${name}`;
  writeFileSync(
    `${root}dist/front/${name}.mjs`,
    `const [major, minor] = process.versions.node.split('.').map(Number);
if (major < ${NODE_NEEDED[0]} || (major === ${NODE_NEEDED[0]} && minor < ${NODE_NEEDED[1]})) {
  process.stderr.write(
    'This portal needs Node.js ${NODE_NEEDED.join('.')} or newer; this is Node.js ' + process.versions.node + '.\\n' +
      'Run it with npm ${script} (npm puts the project\\'s own Node 24 first), or install Node.js ${NODE_NEEDED[0]}.\\n' +
      '本系統需要 Node.js ${NODE_NEEDED.join('.')} 以上版本（目前為 ' + process.versions.node + '）：請以 npm ${script} 執行。\\n',
  );
  process.exit(1);
}
await import('./${name}.run.mjs');
`,
  );
}
await writeInitialDatabase(`${root}dist/front`);
const assets = await compressAssets(`${root}dist/client`);
const kB = (n) => `${Math.round(n / 1024)} kB`;
console.log(
  `compressed ${assets.files} client files: ${kB(assets.plain)} plain, ${kB(assets.br)} brotli, ${kB(assets.gzip)} gzip`,
);
writeFileSync(`${root}dist/build-id.txt`, `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}\n`);
