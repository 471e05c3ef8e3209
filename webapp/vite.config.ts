/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { defineConfig, type Plugin } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.TRIBUNE_API_URL ?? 'http://127.0.0.1:8080';
const themesDir = resolve(root, 'node_modules/primereact/resources/themes');
/** Light and dark theme are swapped at run time (dark mode), so they are served as files, not bundled. */
const themes = ['lara-light-blue', 'lara-dark-blue'];

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * A theme's CSS without its @font-face rules: the app brings Inter itself, subset to Latin
 * (src/app/font.css), instead of the theme's files of every script (700 kB).
 */
function withoutFontFaces(css: string): string {
  return css.replace(/@font-face\s*\{[^}]*\}\s*/g, '');
}

/** The theme's files the app serves: its CSS without the fonts, and any pictures. */
function themeFile(path: string): Buffer | string | null {
  if (path.split(sep).includes('fonts')) return null;
  return path.endsWith('.css') ? withoutFontFaces(readFileSync(path, 'utf8')) : readFileSync(path);
}

function primeThemes(): Plugin {
  return {
    name: 'tribune-prime-themes',
    configureServer(server) {
      server.middlewares.use('/themes', (req, res, next) => {
        const path = resolve(themesDir, '.' + decodeURIComponent((req.url ?? '').split('?')[0]));
        const allowed = themes.some((theme) => path.startsWith(join(themesDir, theme) + sep));
        if (!allowed || !existsSync(path) || statSync(path).isDirectory()) return next();
        const file = themeFile(path);
        if (file === null) return next();
        res.setHeader(
          'Content-Type',
          path.endsWith('.css') ? 'text/css' : 'application/octet-stream',
        );
        res.end(file);
      });
    },
    generateBundle() {
      for (const theme of themes) {
        for (const file of listFiles(join(themesDir, theme))) {
          const source = themeFile(file);
          if (source === null) continue;
          this.emitFile({
            type: 'asset',
            fileName: join('themes', relative(themesDir, file)).split(sep).join('/'),
            source,
          });
        }
      }
    },
  };
}

/**
 * index.html preloads the Latin Inter (every page's text waits for it), under the hashed name the
 * build gave it.
 */
function preloadFont(): Plugin {
  return {
    name: 'tribune-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /inter-latin-400-700-[^/]*\.woff2$/.test(file),
        );
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

const danishDir = resolve(root, 'src/locales/da');
const sourceDir = resolve(root, 'src') + sep;
const TEXTS = 'virtual:tribune-texts/';

/**
 * The Danish texts travel with the code that shows them (issue 36): a module whose source names a
 * key of an area ('publicEvents.tickets.amount') imports that area's Danish, which registers
 * itself with i18next (src/app/danishTexts.ts) before the module runs. The build then puts each
 * area's texts in the chunk of the pages that use them, so the public home loads its own few
 * texts and not the whole site's. A key only ever built at run time is not seen here: the back
 * office (whose menus and crumbs name their keys in the areas' routes.tsx, left out here) loads
 * every area's Danish with its layout (`needTexts('backOffice')`).
 */
function textsWithCode(): Plugin {
  const areas = readdirSync(danishDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
  // A key written out ('shop.cart.title') or built from its area on (`validation.${rule}`).
  const keyOfArea = new RegExp(`['"\`](${areas.join('|')})\\.[A-Za-z$]`, 'g');
  const registry = resolve(root, 'src/app/danishTexts.ts');
  return {
    name: 'tribune-texts-with-code',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(TEXTS) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${TEXTS}`)) return null;
      const area = id.slice(TEXTS.length + 1);
      return [
        `import texts from ${JSON.stringify(join(danishDir, `${area}.json`))};`,
        `import { addDanishTexts } from ${JSON.stringify(registry)};`,
        `addDanishTexts(${JSON.stringify(area)}, texts);`,
      ].join('\n');
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (
        !file.startsWith(sourceDir) ||
        !/\.tsx?$/.test(file) ||
        /\.test\.tsx?$/.test(file) ||
        file.endsWith(`${sep}routes.tsx`) ||
        file === registry
      ) {
        return null;
      }
      const used = new Set([...code.matchAll(keyOfArea)].map((match) => match[1]));
      if (used.size === 0) return null;
      const source = new MagicString(code);
      source.prepend([...used].map((area) => `import '${TEXTS}${area}';`).join(''));
      return { code: source.toString(), map: source.generateMap({ hires: true, source: file }) };
    },
  };
}

/** What the server sends compressed: the hashed scripts, styles and pictures drawn as text. */
const PRECOMPRESSED = /\.(js|css|svg|json)$/;

/**
 * Every hashed text asset also as `.br` (brotli at its best, quality 11) and `.gz` (gzip 9) beside
 * it: the server sends these to a browser that accepts them (api/src/spa.rs) instead of
 * compressing each answer on the fly at the fast, weaker level a live answer can afford. A phone
 * on slow mobile data gets a sixth less to load (issue 36). Source maps are left as they are.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tribune-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = join(outDir, 'assets');
      if (!existsSync(assets)) return;
      for (const file of listFiles(assets)) {
        if (!PRECOMPRESSED.test(file)) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [textsWithCode(), react(), primeThemes(), preloadFont(), precompress()],
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/public', '/webshop', '/logout', '/confirm-email', '/healthz'].map((path) => [
        path,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Whole screens driven through many fields (the company editor) take seconds on a small machine.
    testTimeout: 30_000,
  },
});
