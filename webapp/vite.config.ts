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

function primeThemes(): Plugin {
  return {
    name: 'tribune-prime-themes',
    configureServer(server) {
      server.middlewares.use('/themes', (req, res, next) => {
        const path = resolve(themesDir, '.' + decodeURIComponent((req.url ?? '').split('?')[0]));
        const allowed = themes.some((theme) => path.startsWith(join(themesDir, theme) + sep));
        if (!allowed || !existsSync(path) || statSync(path).isDirectory()) return next();
        res.setHeader('Content-Type', path.endsWith('.css') ? 'text/css' : 'font/woff2');
        res.end(readFileSync(path));
      });
    },
    generateBundle() {
      for (const theme of themes) {
        for (const file of listFiles(join(themesDir, theme))) {
          this.emitFile({
            type: 'asset',
            fileName: join('themes', relative(themesDir, file)).split(sep).join('/'),
            source: readFileSync(file),
          });
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), primeThemes()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
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
