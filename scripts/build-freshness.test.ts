import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNeeded } from './build-freshness.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project folder built at `builtAt` (seconds since the epoch) whose files are all older. */
function builtProject(builtAt: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'freshness-'));
  roots.push(root);
  const old = builtAt - 100;
  const file = (name: string, at: number) => {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), 'x');
    utimesSync(path.join(root, name), at, at);
  };
  for (const name of ['src/main.ts', 'society/demo/society.yaml', 'package.json']) file(name, old);
  for (const dir of ['src', 'society/demo', 'society']) utimesSync(path.join(root, dir), old, old);
  file('dist/front/main.mjs', builtAt);
  file('dist/build-id.txt', builtAt);
  return root;
}

describe('whether npm start builds first', () => {
  const builtAt = Math.floor(Date.now() / 1000) - 1000;

  it('builds when there is no build, or a source changed since', () => {
    const root = builtProject(builtAt);
    expect(buildNeeded(root)).toBeNull();
    utimesSync(path.join(root, 'src/main.ts'), builtAt + 10, builtAt + 10);
    expect(buildNeeded(root)).toBe('changed');
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(buildNeeded(root)).toBe('none');
  });

  it('does not build for what the operator keeps beside the sources: .env and their society file', () => {
    const root = builtProject(builtAt);
    writeFileSync(path.join(root, '.env'), 'SEED_DEMO=false\n');
    mkdirSync(path.join(root, 'society/ours'));
    writeFileSync(path.join(root, 'society/ours/society.yaml'), 'name: ours\n');
    expect(buildNeeded(root)).toBeNull();
    // The demo society is embedded in the build: it is an input.
    writeFileSync(path.join(root, 'society/demo/society.yaml'), 'changed');
    expect(buildNeeded(root)).toBe('changed');
  });
});
