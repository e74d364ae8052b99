import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREFIXED, prefixIslandIds, UNPREFIXED } from './vite-island-id-prefix.mjs';

const renderer = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@astrojs/react/package.json')),
  'dist/server.js',
);

describe('island ids prefixed on the server as in the browser', () => {
  it('hands the renderer’s options, with its per-island prefix, to renderToString', () => {
    const code = readFileSync(renderer, 'utf8');
    expect(code).toContain(UNPREFIXED);
    const prefixed = prefixIslandIds(code, renderer);
    expect(prefixed).toContain(PREFIXED);
    expect(prefixed).not.toContain(UNPREFIXED);
    expect(prefixIslandIds(prefixed, renderer)).toBe(prefixed);
  });

  it('stops the build when the renderer is written otherwise', () => {
    expect(() => prefixIslandIds('html = render(vnode);', renderer)).toThrow(/vite-island-id-prefix/);
  });
});
