import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir';

const mode = (p: string) => statSync(p).mode & 0o777;

describe('secureDataDir', () => {
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
  });

  it('makes the folder 0700 and tightens what an earlier start left readable by others', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'data-dir-'));
    try {
      const data = path.join(root, 'data');
      mkdirSync(path.join(data, 'pglite', 'base'), { recursive: true, mode: 0o755 });
      chmodSync(data, 0o755);
      writeFileSync(path.join(data, 'pglite', 'base', '1234'), 'rows', { mode: 0o666 });
      chmodSync(path.join(data, 'pglite', 'base', '1234'), 0o666);
      secureDataDir(data);
      expect(mode(data)).toBe(0o700);
      expect(mode(path.join(data, 'pglite', 'base'))).toBe(0o700);
      expect(mode(path.join(data, 'pglite', 'base', '1234'))).toBe(0o600);
      // What the process writes afterwards is private from the start.
      writeFileSync(path.join(data, 'new.eml'), 'mail');
      expect(mode(path.join(data, 'new.eml'))).toBe(0o600);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('creates a missing folder 0700', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'data-dir-'));
    try {
      secureDataDir(path.join(root, 'fresh'));
      expect(mode(path.join(root, 'fresh'))).toBe(0o700);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
