import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPreviewToken, verifyPreviewToken } from './preview-tokens';

const key = randomBytes(32);
const now = new Date('2026-11-22T10:00:00Z');
const inOneHour = new Date(now.getTime() + 3_600_000);

describe('preview tokens', () => {
  it('open the object they were signed for until they expire', () => {
    const token = signPreviewToken(key, 'article', 7, inOneHour);
    expect(verifyPreviewToken(key, token, 'article', 7, now)).toBe(true);
    expect(verifyPreviewToken(key, token, 'article', 7, new Date(inOneHour.getTime() + 1000))).toBe(false);
  });

  it('open nothing else', () => {
    const token = signPreviewToken(key, 'article', 7, inOneHour);
    expect(verifyPreviewToken(key, token, 'article', 8, now)).toBe(false);
    expect(verifyPreviewToken(key, token, 'event', 7, now)).toBe(false);
    expect(verifyPreviewToken(randomBytes(32), token, 'article', 7, now)).toBe(false);
  });

  it('refuse a changed expiry, a malformed token and no token', () => {
    const token = signPreviewToken(key, 'file', 3, inOneHour);
    const [, sig] = token.split('.');
    const later = Math.floor(inOneHour.getTime() / 1000) + 86_400;
    expect(verifyPreviewToken(key, `${later}.${sig}`, 'file', 3, now)).toBe(false);
    expect(verifyPreviewToken(key, 'not-a-token', 'file', 3, now)).toBe(false);
    expect(verifyPreviewToken(key, '', 'file', 3, now)).toBe(false);
    expect(verifyPreviewToken(key, null, 'file', 3, now)).toBe(false);
  });
});
