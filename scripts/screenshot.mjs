// Takes a screenshot of a page in the system Chromium and prints console errors:
// node scripts/screenshot.mjs URL OUT.png [width] [height] [full|viewport]
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium-launch.mjs';
const [, , url, out, width = '1280', height = '900', full = 'full'] = process.argv;
const browser = await chromium.launch(chromiumLaunchOptions('/usr/bin/chromium'));
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
const errors = [];
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') errors.push(m.type() + ': ' + m.text());
});
page.on('pageerror', (e) => errors.push('pageerror: ' + e.message));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: full === 'full' });
console.log(errors.join('\n') || 'no console errors');
await browser.close();
