import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_TAG, tagIsland, tagIslands } from './vite-tag-islands.mjs';

const islands = path.resolve(import.meta.dirname, '../src/islands');
const islandFiles = readdirSync(islands, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.tsx'))
  .map((f) => path.join(islands, f));

describe('islands named with their renderer in the server build', () => {
  it('tags the default export of an island so Astro renders it once', () => {
    const code = '// an island\nexport default function LogoutButton() {\n  return null;\n}\n';
    const tagged = tagIsland(code, '/src/islands/account/LogoutButton.tsx');
    expect(tagged.startsWith(code)).toBe(true);
    expect(tagged).toContain(`LogoutButton${RENDERER_TAG}`);
    // The tag is what Astro reads: the component's renderer by its symbol.
    const component = new Function(`${tagged.replace(/^export default /m, '')}; return LogoutButton;`)();
    expect(component[Symbol.for('astro:renderer')]).toBe('@astrojs/react');
  });

  it('stops the build on an island exported another way', () => {
    expect(() => tagIsland('const A = () => null;\nexport default A;\n', '/src/islands/A.tsx')).toThrow(
      /export default function Name/,
    );
  });

  it('accepts every island of the site, and leaves other modules alone', () => {
    const plugin = tagIslands();
    let tagged = 0;
    for (const file of islandFiles) {
      const result = plugin.transform(readFileSync(file, 'utf8'), file);
      if (result) tagged += 1;
    }
    expect(tagged).toBeGreaterThanOrEqual(10);
    expect(plugin.transform('export default function Page() {}', '/src/components/Page.tsx')).toBeNull();
  });
});
