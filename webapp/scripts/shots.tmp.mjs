import { chromium } from 'playwright-core';

const base = 'http://localhost:8080';
const out = '/work/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
await page.goto(`${base}/login`);
await page.getByLabel('E-mail').fill('admin@tribune.test');
await page.getByLabel('Adgangskode').fill('tribune-demo');
await page.getByRole('button', { name: 'Log ind' }).click();
await page.waitForURL((url) => !url.pathname.startsWith('/login'));
await page.waitForTimeout(1500);

await page.goto(`${base}/orders/finance`);
await page.getByRole('table', { name: 'Forfaldne efter alder' }).waitFor();
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/finance.png`, fullPage: true });

// The oldest overdue bucket's list (a figure clicked).
await page.getByRole('link', { name: /^Forfaldne DKK/ }).click();
await page.getByRole('table', { name: 'Fakturaer' }).waitFor();
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/finance-list.png`, fullPage: true });

await page.goto(`${base}/orders/invoices?status=booked`);
await page.getByRole('table', { name: 'Fakturaer' }).getByRole('link').first().click();
await page.getByRole('table', { name: 'Linjer' }).waitFor();
await page.getByRole('button', { name: 'Verificér' }).click();
await page.waitForTimeout(1500);
const compare = page.getByRole('button', { name: 'Sammenlign' });
if (await compare.isEnabled()) await compare.click();
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/invoice.png`, fullPage: true });

// An order's history: verify and compare on a record with lines.
await page.goto(`${base}/orders`);
await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
await page.waitForURL(/\/orders\/[0-9a-f-]{36}/);
await page.getByRole('tab', { name: 'Historik' }).click();
await page.getByRole('button', { name: 'Verificér' }).click();
await page.waitForTimeout(1000);
const orderCompare = page.getByRole('button', { name: 'Sammenlign' });
if (await orderCompare.isEnabled()) await orderCompare.click();
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/order-history.png`, fullPage: true });

await page.goto(`${base}/shop-admin`);
await page.getByRole('table', { name: 'Ordrer' }).waitFor();
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/webshop-admin.png`, fullPage: true });
await browser.close();
