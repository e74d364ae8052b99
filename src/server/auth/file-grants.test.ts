import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readFileGrant, signFileGrant } from './file-grants';

const key = randomBytes(32);
const now = new Date('2026-11-22T10:00:00Z');
const later = new Date(now.getTime() + 3_600_000);

describe('file grants', () => {
  it('open the files they were signed for until they expire', () => {
    const grant = signFileGrant(key, [12, 3, 12], later);
    expect([...readFileGrant(key, grant, now)].sort((a, b) => a - b)).toEqual([3, 12]);
    expect(readFileGrant(key, grant, new Date(later.getTime() + 1000)).size).toBe(0);
  });

  it('open nothing when changed, forged or missing', () => {
    const grant = signFileGrant(key, [3], later);
    expect(readFileGrant(key, grant.replace('.3.', '.4.'), now).size).toBe(0);
    expect(readFileGrant(randomBytes(32), grant, now).size).toBe(0);
    expect(readFileGrant(key, 'junk', now).size).toBe(0);
    expect(readFileGrant(key, undefined, now).size).toBe(0);
  });
});
