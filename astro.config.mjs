// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { CSP_DIRECTIVES } from './src/lib/csp.ts';

// The built site runs inside our own node:http front (src/server/main.ts), which answers
// cached anonymous pages and static files before Astro's handler is asked (DESIGN.md §11).
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
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
    plugins: [tailwindcss()],
    // Scripts and styles are always files, so the CSP can forbid inline code.
    build: { assetsInlineLimit: 0 },
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  },
});
