/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
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
          /inter-latin-wght-normal-[^/]*\.woff2$/.test(file),
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

export default defineConfig({
  plugins: [react(), primeThemes(), preloadFont()],
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
