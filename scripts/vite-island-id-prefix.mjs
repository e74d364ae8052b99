// A Vite plugin for the server build: Astro's React renderer gives each island an id prefix (r0,
// r1, …, written on its <astro-island> as `prefix`) so that `useId` repeats in no two islands of a
// page; the browser hydrates each island with its prefix, but the renderToString path (our
// `experimentalDisableStreaming`) leaves the prefix out on the server. Two dialogs of a page then
// shared one id (`aria-labelledby="_R_2_-title"`), and the browser's ids differed from the
// server's. This hands the renderer's options, prefix included, to renderToString too.
//
// Should the renderer's line change (an upgrade that fixes it, or moves it), the build stops here
// rather than quietly rendering islands without their prefix again.
const RENDERER = /\/@astrojs\/react\/dist\/server\.js$/;
export const UNPREFIXED = 'html = ReactDOM.renderToString(vnode);';
export const PREFIXED = 'html = ReactDOM.renderToString(vnode, renderOptions);';

/** `code` is the renderer's server module; answers it rendering islands with their prefix. */
export function prefixIslandIds(code, id) {
  if (code.includes(PREFIXED)) return code;
  if (!code.includes(UNPREFIXED) || !code.includes('identifierPrefix: prefix'))
    throw new Error(`${id}: the React renderer no longer renders islands as scripts/vite-island-id-prefix.mjs expects`);
  return code.replace(UNPREFIXED, PREFIXED);
}

export function islandIdPrefix() {
  return {
    name: 'portal:island-id-prefix',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!RENDERER.test(file)) return null;
      return { code: prefixIslandIds(code, file), map: null };
    },
  };
}
