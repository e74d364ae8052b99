import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLACEMENT, rewriteCspDigest } from './vite-sync-csp-digest.mjs';

const ALGORITHMS = { 'SHA-256': 'sha256-', 'SHA-384': 'sha384-', 'SHA-512': 'sha512-' };

/** What Astro computes: WebCrypto's digest, base64. */
async function webCryptoDigest(data: string, algorithm: keyof typeof ALGORITHMS) {
  const hash = await crypto.subtle.digest(algorithm, new TextEncoder().encode(data));
  return `${ALGORITHMS[algorithm]}${Buffer.from(hash).toString('base64')}`;
}

describe('the CSP digest the server build uses', () => {
  it('rewrites the function the installed Astro ships', () => {
    const file = path.resolve(import.meta.dirname, '../node_modules/astro/dist/core/encryption.js');
    const rewritten = rewriteCspDigest(readFileSync(file, 'utf8'));
    expect(rewritten).toContain(REPLACEMENT);
    expect(rewritten).not.toMatch(/generateCspDigest[\s\S]{0,120}crypto\.subtle\.digest/);
  });

  it('refuses code it does not recognise instead of building the slow path', () => {
    expect(() => rewriteCspDigest('export async function generateCspDigest() {}')).toThrow(/no longer has/);
  });

  it('gives the same CSP source as WebCrypto for every algorithm Astro allows', async () => {
    const generate = new Function('__nodeCreateHash', 'ALGORITHMS', `${REPLACEMENT}; return generateCspDigest;`)(
      createHash,
      ALGORITHMS,
    ) as (data: string, algorithm: string) => Promise<string>;
    for (const algorithm of Object.keys(ALGORITHMS) as (keyof typeof ALGORITHMS)[]) {
      for (const data of ['', 'console.log(1)', '台灣醫學會 – astro-island {}']) {
        expect(await generate(data, algorithm)).toBe(await webCryptoDigest(data, algorithm));
      }
    }
  });
});
