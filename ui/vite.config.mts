import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { usedIconPaths } from './usedIconPaths';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Blueprint's style sheet repeats most rules for its dark theme (`.bp6-dark …`), which this site never
 * turns on: those selectors are dropped at build time, a third of the CSS (npm run bench:bundle).
 */
const dropDarkTheme = {
  postcssPlugin: 'ipci-drop-dark-theme',
  Rule(rule: { selectors: string[]; remove: () => void }) {
    const kept = rule.selectors.filter((s) => !/\.bp6-dark(?![\w-])/.test(s));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  },
};
const api = process.env.IPCI_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: here,
  plugins: [react(), usedIconPaths(path.join(here, '..'))],
  css: { postcss: { plugins: [dropDarkTheme] } },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    fs: { allow: [path.join(here, '..')] },
    proxy: {
      // SSE streams (/api/messages/stream, /api/cases/:kind/:id/stream) pass through unbuffered.
      '/api': {
        target: api,
        changeOrigin: false,
        ws: false,
        configure: (proxy) => {
          proxy.on('proxyRes', (res) => {
            if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
              res.headers['cache-control'] = 'no-cache, no-transform';
              res.headers['x-accel-buffering'] = 'no';
            }
          });
        },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/api': { target: api } } },
});
