import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hash with Argon2id at the OWASP parameters and verify', async () => {
    const hash = await hashPassword('Correct horse 1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Correct horse 1', hash)).toBe(true);
    expect(await verifyPassword('Correct horse 2', hash)).toBe(false);
  });

  it('salt every hash and never match a malformed one', async () => {
    expect(await hashPassword('same-1')).not.toBe(await hashPassword('same-1'));
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
