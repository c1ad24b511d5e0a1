import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:5173';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: process.env.LOC ?? 'en' });
const errors: string[] = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${page.url()} ${m.type()}: ${m.text().slice(0, 300)}`); });
page.on('pageerror', (e) => errors.push(`${page.url()} pageerror: ${e.message}`));
await page.goto(base + '/login');
await page.screenshot({ path: '/tmp/ux/00-login.png' });
await page.getByLabel(/e-mail|correo/i).fill('admin@tuition.test');
await page.getByLabel(/^(password|contraseña)$/i).fill('admin123');
await page.getByRole('button', { name: /login|iniciar/i }).click();
await page.waitForURL(base + '/');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/ux/01-dashboard.png', fullPage: true });
const routes = (process.env.ROUTES ?? '/users,/students,/tutors,/orders,/subjects,/schools,/levels,/field-levels,/countries,/statistics,/audit,/profile,/students/new,/orders/new').split(',');
let i = 2;
for (const r of routes) {
  await page.goto(base + r);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/ux/${String(i++).padStart(2, '0')}-${r.replace(/\//g, '_')}.png`, fullPage: true });
}
console.log(errors.join('\n'));
await browser.close();
