import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerToExit, startServer, type RunningServer } from '../setup/start-server';
import { baseUrl, solvedCaptcha } from './helpers';

// How the portal starts for a society going live, and what it promises over TLS (issue 8).
// Runs on the embedded database only: each test starts servers of its own.
describe('a live start', () => {
  it('refuses to start without SITE_URL when the demo is off, saying what to set', async () => {
    const { code, output } = await runServerToExit({ DATA_DIR: 'memory', SEED_DEMO: 'false', SITE_URL: '' });
    expect(code).not.toBe(0);
    expect(output).toContain('SITE_URL is required when SEED_DEMO=false');
  });

  describe('behind TLS, without the demo', () => {
    let live: RunningServer;
    beforeAll(async () => {
      live = await startServer({ DATA_DIR: 'memory', SEED_DEMO: 'false', SITE_URL: 'https://portal.example.org' });
    });
    afterAll(async () => {
      await live.stop();
    });

    it('runs no simulator: the LINE simulator is not offered', async () => {
      const consent = await fetch(
        `${live.url}/line/simulator?state=x&code_challenge=y&redirect_uri=${encodeURIComponent('https://portal.example.org/line/link')}`,
      );
      expect(consent.status).toBe(404);
      const code = await fetch(`${live.url}/api/amsw0101/lineSimulator`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          codeChallenge: 'x'.repeat(43),
          redirectUri: 'https://portal.example.org/line/link',
          lineUserId: 'U1234567890abcdef1234567890abcdef',
          displayName: 'Mallory',
        }),
      });
      expect(((await code.json()) as { code: number }).code).toBe(-20);
    });

    it('sends HSTS on pages, API answers and static files', async () => {
      for (const address of ['/', '/api/amsw0201/webInfo', '/favicon.svg']) {
        const res = await fetch(`${live.url}${address}`);
        expect(res.headers.get('strict-transport-security'), address).toBe('max-age=31536000');
      }
    });
  });

  it('marks the session cookie Secure when the public address is https', async () => {
    const demo = await startServer({ DATA_DIR: 'memory', SITE_URL: 'https://portal.example.org' });
    try {
      const res = await fetch(`${demo.url}/api/amsw0101/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: demo.url },
        body: JSON.stringify({
          account: 'member@example.org',
          password: 'Member2026demo',
          ...(await solvedCaptcha({ base: demo.url })),
        }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
      expect(res.headers.get('set-cookie')).toMatch(/ams-session=[^;]+;.*Secure/i);
    } finally {
      await demo.stop();
    }
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const proxied = await startServer({ DATA_DIR: 'memory', TRUST_PROXY: 'loopback' });
    try {
      const viaTls = await fetch(`${proxied.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(viaTls.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const plain = await fetch(`${proxied.url}/`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.stop();
    }
    // The shared test server trusts no proxy (or only loopback for addresses): without SITE_URL
    // https and without a trusted X-Forwarded-Proto, nothing claims TLS.
    const direct = await fetch(`${baseUrl()}/api/amsw0201/webInfo`);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('logs', () => {
  it('never write passwords, national IDs, codes or tokens, even for a failing request', async () => {
    const server = await startServer({ DATA_DIR: 'memory', LOG_LEVEL: 'info' });
    try {
      for (const account of ['member@example.org', 'A123456789']) {
        await fetch(`${server.url}/api/amsw0101/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.url },
          body: JSON.stringify({ account, password: 'Secret2026pass', ...(await solvedCaptcha({ base: server.url })) }),
        });
      }
      await fetch(
        `${server.url}/password/reset?email=member%40example.org&token=live-reset-token-123456&type=individual`,
      );
      await fetch(`${server.url}/preview/article/1?token=preview-token-abcdef`);
      await new Promise((r) => setTimeout(r, 200));
      const log = server.output();
      expect(log).toContain('"request"');
      for (const secret of [
        'Secret2026pass',
        'A123456789',
        'live-reset-token-123456',
        'preview-token-abcdef',
        'member%40example.org',
      ]) {
        expect(log, secret).not.toContain(secret);
      }
    } finally {
      await server.stop();
    }
  });
});

describe('data at rest', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-private-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the data folder 0700 and every file in it 0600', async () => {
    const server = await startServer({ DATA_DIR: path.join(dataDir, 'data') });
    await server.stop();
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? [path.join(dir, e.name), ...walk(path.join(dir, e.name))] : [path.join(dir, e.name)],
      );
    const root = path.join(dataDir, 'data');
    expect(statSync(root).mode & 0o777).toBe(0o700);
    const entries = walk(root);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      const stat = statSync(entry);
      expect(stat.mode & 0o077, entry).toBe(0);
    }
  });
});
