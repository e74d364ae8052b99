import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Keeps the data folder private to the portal's user: the folder and every folder below it 0700,
 * every file 0600 (the embedded database, uploaded files, the key, the mail outbox). New files
 * follow from the process umask (0077), set before anything is written; files left by an earlier
 * version are tightened here at start.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenDataDir(dataDir);
}

/**
 * Takes group and other permissions off everything under `target`. The embedded database writes
 * its files with modes of its own (not the umask), so it runs again once the database is open
 * and when it closes; between the two, the folder's own 0700 keeps everyone else out.
 */
export function tightenDataDir(target: string): void {
  tighten(path.resolve(target));
}

function tighten(target: string): void {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
    for (const entry of readdirSync(target)) tighten(path.join(target, entry));
  } else if (stat.isFile() && (stat.mode & 0o077) !== 0) {
    chmodSync(target, stat.mode & 0o700);
  }
}
