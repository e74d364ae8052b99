import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
const port = 4463;
const server = spawn('node_modules/node/bin/node', ['dist/front/main.mjs'], {
  env: { ...process.env, DATA_DIR: 'memory', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
await new Promise((r) => {
  const on = (c) => {
    if (/PORTAL_LISTENING/.test(c.toString())) r();
  };
  server.stdout.on('data', on);
  server.stderr.on('data', on);
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
const island = [];
for (let i = 0; i < 5; i++) {
  const t0 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/en-us/login`);
  await page
    .getByRole('status')
    .filter({ hasText: /^Verified$/ })
    .waitFor({ timeout: 30000 });
  island.push(Date.now() - t0);
}
console.log('island load→verified ms', island);
for (const level of [1, 2, 3]) {
  const times = await page.evaluate(async (level) => {
    const out = [];
    for (let k = 0; k < (level === 3 ? 3 : 5); k++) {
      const res = await (await fetch(`/api/amsw0102/image?level=${level}`)).json();
      const p = res.data.challenge.parameters;
      const hex = (h) => new Uint8Array(h.match(/../g).map((x) => parseInt(x, 16)));
      const nonce = hex(p.nonce),
        salt = hex(p.salt),
        prefix = p.keyPrefix;
      const t0 = performance.now();
      for (let c = 0; ; c++) {
        const pw = new Uint8Array(nonce.length + 4);
        pw.set(nonce);
        new DataView(pw.buffer).setUint32(nonce.length, c);
        const key = await crypto.subtle.importKey('raw', pw, { name: 'PBKDF2' }, false, ['deriveBits']);
        const bits = new Uint8Array(
          await crypto.subtle.deriveBits({ name: 'PBKDF2', salt, iterations: p.cost, hash: 'SHA-256' }, key, 256),
        );
        const h = [...bits.slice(0, prefix.length / 2)].map((b) => b.toString(16).padStart(2, '0')).join('');
        if (h === prefix) {
          out.push([c, Math.round(performance.now() - t0)]);
          break;
        }
      }
    }
    return out;
  }, level);
  console.log('chromium level', level, '[counter, ms]', JSON.stringify(times));
}
await browser.close();
server.kill('SIGTERM');
