// A Vite plugin for the server build: before Astro renders an island it asks each renderer whether
// the component is its own, unless the component names its renderer, and React's answer is a
// whole extra render of the island (renderToStaticMarkup of a tester). Every island of the site
// lives in src/islands and is a React function component exported as
// `export default function Name`, so the server build names the renderer on each: the island is
// then rendered once per request instead of twice.
//
// An island whose default export is written otherwise stops the build here (and the unit test
// names the rule) rather than quietly paying the extra render.
const ISLAND = /\/src\/islands\/.+\.tsx$/;
const DEFAULT_EXPORT = /^export default function ([A-Z][A-Za-z0-9]*)/m;
/** Astro's symbol for "this component's renderer is …" (astro/dist/runtime/server/render/common.js). */
export const RENDERER_TAG = `[Symbol.for('astro:renderer')] = '@astrojs/react';`;

/** `code` is an island module's source; answers it with its default export tagged. */
export function tagIsland(code, id) {
  const name = DEFAULT_EXPORT.exec(code)?.[1];
  if (!name) throw new Error(`${id}: an island's default export must be \`export default function Name\``);
  return `${code}\n${name}${RENDERER_TAG}\n`;
}

export function tagIslands() {
  return {
    name: 'portal:tag-islands',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!ISLAND.test(file)) return null;
      // Modules that only share parts between islands have no default export to tag.
      if (!/^export default /m.test(code)) return null;
      return { code: tagIsland(code, file), map: null };
    },
  };
}
