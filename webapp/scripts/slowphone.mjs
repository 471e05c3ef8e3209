#!/usr/bin/env node
// The public site on a slow phone (issue 36): Chromium at 390×844 with touch, a cold cache,
// 150 ms latency, 1.6 Mbit/s down and 750 kbit/s up, and the CPU four times slower. Opens the home,
// an event page, the shop and (given its link) a contract's e-sign page, and prints for each the
// time until its main content is visible and the bytes it transferred (all, and JavaScript).
//
// Usage (a server with the demo must run, e.g. ops/run on 8080):
//   node scripts/slowphone.mjs [base URL] [--esign <e-sign link>] [--club 'Demo FC']
// Target: an event page's main content within 3 s.
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const esign = option('--esign');
const club = option('--club') ?? 'Demo FC';
const base = (args[0] ?? 'http://localhost:8080').replace(/\/$/, '');
const EVENT_PAGE_TARGET_MS = 3000;

const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'da-DK',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
});
try {
  // Unthrottled: choose the club (a cookie) and find an event of the home.
  const setup = await browser.newContext(phone);
  const page = await setup.newPage();
  await page.goto(`${base}/`);
  const chooser = page.getByRole('button', { name: 'Vælg klub' });
  const upcoming = page.getByRole('region', { name: 'Kommende arrangementer' });
  await chooser.or(upcoming).first().waitFor({ timeout: 30_000 });
  if (await chooser.isVisible()) {
    await chooser.click();
    await page.getByRole('button', { name: club, exact: true }).click();
  }
  await upcoming.waitFor({ timeout: 30_000 });
  const eventLink = await upcoming
    .getByRole('link', { name: /^Se mere:/ })
    .first()
    .getAttribute('href');
  const state = await setup.storageState();
  await setup.close();

  const pages = [
    {
      name: 'home',
      path: '/',
      main: (p) =>
        p.getByRole('region', { name: 'Kommende arrangementer' }).getByRole('article').first(),
    },
    {
      name: 'event page',
      path: eventLink,
      main: (p) => p.getByRole('heading', { level: 1 }),
      target: EVENT_PAGE_TARGET_MS,
    },
    {
      name: 'shop',
      path: '/shop',
      main: (p) =>
        p
          .getByRole('region', { name: /produkter/i })
          .getByRole('article')
          .first(),
    },
    ...(esign
      ? [
          {
            name: 'e-sign',
            path: esign.replace(/^https?:\/\/[^/]+/, ''),
            main: (p) => p.getByRole('heading', { level: 1 }),
          },
        ]
      : []),
  ];

  const rows = [];
  for (const measured of pages) {
    // A new context: nothing cached, the club's cookie kept.
    const context = await browser.newContext({ ...phone, storageState: state });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1000 * 1000) / 8,
      uploadThroughput: (750 * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const types = new Map();
    let bytes = 0;
    let script = 0;
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      if (types.get(event.requestId) === 'Script') script += event.encodedDataLength;
    });
    const started = Date.now();
    await tab.goto(`${base}${measured.path}`, { waitUntil: 'commit', timeout: 60_000 });
    await measured.main(tab).waitFor({ state: 'visible', timeout: 60_000 });
    const visible = Date.now() - started;
    // What the page goes on to fetch for itself (the rest of its data, the font, pictures).
    await tab.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    rows.push({ ...measured, visible, bytes, script });
    await context.close();
  }

  const kB = (n) => (n / 1000).toFixed(0);
  console.log(`slow phone (390×844, touch, 150 ms, 1.6 Mbit/s ↓, 750 kbit/s ↑, CPU ×4) on ${base}`);
  console.log('page         visible (s)  transferred kB  of it JS kB  path');
  for (const row of rows) {
    const flag = row.target && row.visible > row.target ? `  (target ${row.target / 1000} s)` : '';
    console.log(
      `${row.name.padEnd(12)} ${(row.visible / 1000).toFixed(1).padStart(11)}  ${kB(row.bytes).padStart(14)}  ${kB(row.script).padStart(11)}  ${row.path}${flag}`,
    );
  }
} finally {
  await browser.close();
}
