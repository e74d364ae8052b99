// node shot-auth.mjs BASE EMAIL PASSWORD PATH OUT WIDTH [organ]
import { chromium } from '@playwright/test';
const [, , base, email, password, path, out, width = '1280', organ] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(`${base}/login`);
if (organ) await page.getByRole('tab', { name: /機構|Organisation/ }).click().catch(() => {});
await page.locator('input[autocomplete="username"], input[name="account"]').first().fill(email);
await page.locator('input[type="password"]').first().fill(password);
await page.waitForTimeout(1500);
await page.locator('form button[type="submit"]').first().click();
await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 20000 });
await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: true });
console.log(errors.join('\n') || 'no console errors');
await browser.close();
