import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { startServer } from '../setup/start-server';
import {
  expectWholeClaims,
  killDuringClaims,
  MEMBER,
  sendClaim,
  specialistCertification,
  type Query,
} from './kill-helpers';
import { signedInOn } from './own-server';

// The embedded database in a folder on disk, its process killed with SIGKILL in the middle of
// writes (docs/architecture.md, "Faults"). Runs in the embedded-database project only.
describe('the portal killed while it writes, on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-kill-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts again on the folder, with every acknowledged write whole and nothing written in part', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    // After the demo's seed (its own claims have no mail).
    const since = new Date();
    const member = await signedInOn(first.url, ...MEMBER);
    const certificationId = await specialistCertification(member);
    const acknowledged = await killDuringClaims(first, member, certificationId, () => first.process.kill('SIGKILL'));
    expect(await first.stop()).toBeNull(); // ended by the signal, not by itself
    // The killed process could not take its lock away: it is left naming a process that is gone.
    expect(readFileSync(path.join(dataDir, 'portal.lock'), 'utf8')).toMatch(new RegExp(`^${first.process.pid}\\b`));

    // The next start takes the stale lock over, and the database opens again (PostgreSQL's
    // recovery from its write-ahead log, inside PGlite).
    const again = await startServer({ DATA_DIR: dataDir });
    try {
      const back = await signedInOn(again.url, ...MEMBER);
      const listed = await back.call<{ claimList: { applicationId: number }[] }>('/api/amsw0602/claims');
      const ids = new Set(listed.data.claimList.map((c) => c.applicationId));
      expect(acknowledged.claims.filter((c) => !ids.has(c.applicationId))).toEqual([]);
      // It writes again, under a number not used before.
      await sendClaim(back, certificationId, acknowledged, -1);
      const numbers = acknowledged.claims.map((c) => c.number);
      expect(new Set(numbers).size).toBe(numbers.length);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }

    // The folder opened by the test once the server has stopped: nothing is there in part.
    const database = await openDatabase({ dataDir });
    try {
      const query: Query = async <T>(text: string) => (await database.db.execute(sql.raw(text))).rows as T[];
      const { claims } = await expectWholeClaims(query, dataDir, acknowledged, since);
      expect(claims).toBeGreaterThanOrEqual(acknowledged.claims.length);
    } finally {
      await database.close();
    }
  }, 120_000);
});
