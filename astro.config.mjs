// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { CSP_DIRECTIVES } from './src/lib/csp.ts';
import { syncCspDigest } from './scripts/vite-sync-csp-digest.mjs';
import { islandIdPrefix } from './scripts/vite-island-id-prefix.mjs';
import { tagIslands } from './scripts/vite-tag-islands.mjs';
import { islandMessages } from './scripts/vite-island-messages.mjs';
import { kitChunks } from './scripts/vite-kit-chunks.mjs';

// The built site runs inside our own node:http front (src/server/main.ts), which answers
// cached anonymous pages and static files before Astro's handler is asked (DESIGN.md §11).
export default defineConfig({
  output: 'server',
  // Pages are rendered whole, then sent: every page reads its data before it renders, so streaming
  // gained no first byte, while it cost a stream and an encoding per chunk, and a failure halfway
  // left a broken page instead of the error page.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands are rendered with renderToString: none of them suspends for data, and React's
  // streaming renderer cost several times as much per island on every page that has one.
  integrations: [react({ experimentalDisableStreaming: true })],
  session: false,
  // Our middleware applies DESIGN.md §6's origin rule to every state-changing request instead.
  // Hashes of Astro's own inline scripts (island hydration) go into a CSP <meta>; see
  // docs/decisions/003-csp-and-origin-check.md.
  security: {
    checkOrigin: false,
    csp: {
      directives: [...CSP_DIRECTIVES],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'"] },
    },
  },
  trailingSlash: 'ignore',
  i18n: {
    locales: ['zh-tw', 'en-us'],
    defaultLocale: 'zh-tw',
    routing: 'manual',
  },
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  build: { inlineStylesheets: 'never' },
  vite: {
    // syncCspDigest: Astro's per-request CSP hashes without a thread-pool round trip each;
    // tagIslands: each island rendered once per request, without Astro's renderer probe;
    // islandIdPrefix: each island's `useId` ids carry its own prefix on the server as in the browser;
    // islandMessages: in the browser each island loads its page's language and its namespaces only.
    plugins: [tailwindcss(), syncCspDigest(), tagIslands(), islandIdPrefix(), islandMessages(), kitChunks()],
    // Scripts and styles are always files, so the CSP can forbid inline code.
    build: { assetsInlineLimit: 0 },
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
    // Drizzle is bundled (as in scripts/build-front.mjs): Node resolving each of its several hundred
    // modules through its 180 KB package.json cost every process over a second at its start.
    ssr: { noExternal: ['drizzle-orm'] },
  },
});
