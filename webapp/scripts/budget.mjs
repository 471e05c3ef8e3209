#!/usr/bin/env node
// The JavaScript each public route loads, from the build manifest (`vite build` with
// `build.manifest`): the entry and its static imports, plus the route's lazy modules (its layout
// and page) and their static imports, each file counted once. Prints raw, gzip and brotli sizes
// per route and exits 1 when a route's gzip size is above its budget (issue 36: the public home,
// an event page and the shop at most 150 kB; the e-sign page at most 250 kB before the PDF).
//
// A route names its modules by source path, not by the hashed file names: the script checks that
// each is a lazy chunk of the build and that the area's routes.tsx still loads it under the route's
// name, so a moved or renamed page fails here instead of being measured as nothing.
//
// Usage: node scripts/budget.mjs [dist]   (from webapp/; dist defaults to ./dist)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webapp = resolve(import.meta.dirname, '..');
const dist = resolve(process.argv[2] ?? join(webapp, 'dist'));
const manifestPath = join(dist, '.vite/manifest.json');

const PUBLIC_LAYOUT = 'src/app/layouts/PublicLayout.tsx';

/**
 * The public routes: path, the route's name in its area's routes.tsx (the handle's `name`), the
 * page module it loads lazily, and the budget in kB of gzip. The home is the router's own.
 */
const ROUTES = [
  {
    path: '/',
    name: 'home',
    page: 'src/features/public/PublicHomePage.tsx',
    routes: 'src/app/router.tsx',
    budget: 150,
  },
  {
    path: '/events',
    name: 'public-events',
    page: 'src/features/public/PublicEventListPage.tsx',
    budget: 150,
  },
  {
    path: '/events/:id',
    name: 'public-event',
    page: 'src/features/publicEvents/PublicEventPage.tsx',
    budget: 150,
  },
  { path: '/shop', name: 'shop', page: 'src/features/shop/ShopPage.tsx', budget: 150 },
  {
    path: '/shop/:id',
    name: 'shop-product',
    page: 'src/features/shop/ShopProductPage.tsx',
    budget: 150,
  },
  {
    path: '/shop/checkout',
    name: 'shop-checkout',
    page: 'src/features/shop/CheckoutPage.tsx',
    budget: 150,
  },
  {
    path: '/shop/confirmation/:id',
    name: 'shop-confirmation',
    page: 'src/features/shop/ConfirmationPage.tsx',
    budget: 150,
  },
  {
    path: '/contracts/esign/:id',
    name: 'contract-esign',
    page: 'src/features/esign/EsignPage.tsx',
    budget: 250,
  },
  { path: '/login', name: 'login', page: 'src/features/session/LoginPage.tsx', budget: 150 },
  { path: '/signup', name: 'signup', page: 'src/features/session/SignupPage.tsx', budget: 150 },
  {
    path: '/profile',
    name: null,
    page: 'src/features/customerProfile/CustomerProfilePage.tsx',
    budget: 150,
  },
];

function fail(message) {
  console.error(`budget: ${message}`);
  process.exit(2);
}

if (!existsSync(manifestPath))
  fail(`${manifestPath} is missing: build with build.manifest (npm run build)`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) fail('the manifest has no entry');

/** The manifest keys a module loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`${key} is not in the manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

/** The route's page must still be its area's lazy page under the route's name. */
function checkDeclared(route) {
  const chunk = manifest[route.page];
  if (!chunk?.isDynamicEntry)
    fail(`${route.page} (${route.path}) is not a lazy chunk of the build`);
  const routesFile = route.routes ?? route.page.replace(/[^/]+$/, 'routes.tsx');
  const source = readFileSync(join(webapp, routesFile), 'utf8');
  const module = route.page.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const importPath = routesFile.startsWith('src/app/')
    ? route.page.replace(/^src\//, '../').replace(/\.tsx?$/, '')
    : `./${module}`;
  if (!source.includes(`import('${importPath}')`))
    fail(`${routesFile} no longer loads ${importPath} (${route.path})`);
  if (route.name && !new RegExp(`name: '${route.name}'|\\('${route.name}'`).test(source)) {
    fail(`${routesFile} has no route named '${route.name}' (${route.path})`);
  }
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        .length,
    });
  }
  return sizes.get(file);
}

const kB = (bytes) => (bytes / 1000).toFixed(1);
const rows = [];
let over = 0;
for (const route of ROUTES) {
  checkDeclared(route);
  const keys = staticClosure(entryKey);
  // The public layout is part of the entry until it is a chunk of its own.
  if (manifest[PUBLIC_LAYOUT]?.isDynamicEntry) staticClosure(PUBLIC_LAYOUT, keys);
  staticClosure(route.page, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const total = files
    .map(sizeOf)
    .reduce(
      (sum, size) => ({
        raw: sum.raw + size.raw,
        gzip: sum.gzip + size.gzip,
        brotli: sum.brotli + size.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const ok = total.gzip <= route.budget * 1000;
  if (!ok) over += 1;
  rows.push([
    route.path,
    files.length,
    kB(total.raw),
    kB(total.gzip),
    kB(total.brotli),
    route.budget,
    ok ? 'ok' : 'OVER',
  ]);
}

const header = ['route', 'files', 'raw kB', 'gzip kB', 'brotli kB', 'budget kB (gzip)', ''];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
);
const line = (row) =>
  row
    .map((cell, column) =>
      column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
    )
    .join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
if (over > 0) {
  console.error(`budget: ${over} public route(s) load more JavaScript than their budget`);
  process.exit(1);
}
