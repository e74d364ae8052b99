import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { circleText, importCircles } from './import-circles.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A folder of TypeScript files with the given texts. */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'circles-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('import circles', () => {
  it('finds none among the sources (a circle leaves values undefined in the bundle)', () => {
    const circles = importCircles(path.join(import.meta.dirname, '..', 'src'));
    expect(circles.map(circleText), 'import circles in src/ (break each one)').toEqual([]);
  });

  it('names the files of a circle', () => {
    const root = folder({
      'services/membership.ts': "import { pay } from '../payments/orders';\nexport const member = () => pay;\n",
      'payments/orders.ts': "import { EFFECTS } from './effects';\nexport const pay = () => EFFECTS;\n",
      'payments/effects.ts': "import { member } from '../services/membership';\nexport const EFFECTS = { member };\n",
      'payments/alone.ts': "import { pay } from './orders';\nexport const other = pay;\n",
    });
    expect(importCircles(root).map(circleText)).toEqual([
      'payments/effects.ts → services/membership.ts → payments/orders.ts → payments/effects.ts',
    ]);
  });

  it('follows re-exports, the @/ alias and .js names, and a module importing itself', () => {
    const root = folder({
      'lib/index.ts': "export * from './a';\n",
      'lib/a.ts': "import { b } from '@/lib/b.js';\nexport const a = b;\n",
      'lib/b.ts': "import { a } from '../lib';\nexport const b = 1;\nexport const c = a;\n",
      'self.tsx': "import './self';\nexport default 1;\n",
    });
    expect(importCircles(root).map(circleText)).toEqual([
      'lib/a.ts → lib/b.ts → lib/index.ts → lib/a.ts',
      'self.tsx → self.tsx',
    ]);
  });

  it('leaves out imports of types, imports inside functions and packages', () => {
    const root = folder({
      'a.ts': "import type { B } from './b';\nexport const a = 1;\n",
      'b.ts': "import { a } from './a';\nexport type B = typeof a;\n",
      'd.ts': "import { z } from 'zod';\nexport const d = () => import('./e');\nexport const y = z;\n",
      'e.ts': "import { d } from './d';\nexport type { B } from './b';\nexport const e = d;\n",
      'zod.ts': "import { e } from './e';\nexport const z = e;\n",
    });
    expect(importCircles(root)).toEqual([]);
  });

  it('counts an import of types written inside the braces: the bundle keeps it and runs the module first', () => {
    const root = folder({
      'a.ts': "import { type C } from './c';\nexport const a = 1;\nexport type A = C;\n",
      'c.ts': "import { a } from './a';\nexport type C = number;\nexport const c = a;\n",
    });
    expect(importCircles(root).map(circleText)).toEqual(['a.ts → c.ts → a.ts']);
  });
});
