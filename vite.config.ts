import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { HEAD_BOOT_SCRIPT } from './src/shared/head-boot';
import { precompressPlugin } from './src/web/build/precompress-plugin';
import { preloadBootPlugin } from './src/web/build/preload-boot-plugin';
import { serviceWorkerPlugin } from './src/web/pwa/sw-plugin';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The head's boot script (theme, date-data warm-up) goes inline in the page's head (allowed by its hash in the CSP), not as a request. */
const inlineHeadBoot = (): Plugin => ({
  name: 'onair-inline-head-boot',
  transformIndexHtml: (html) =>
    html.replace('<script src="/head-boot.js"></script>', `<script>${HEAD_BOOT_SCRIPT}</script>`),
});

export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [
    react(),
    inlineHeadBoot(),
    preloadBootPlugin(),
    tailwindcss(),
    serviceWorkerPlugin(r('./src/web/pwa/service-worker.js')),
    precompressPlugin(r('./dist/web')),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: r('./src/shared') },
      { find: '@web', replacement: r('./src/web') },
      // zod without its eval probe (CSP): see src/web/zod-browser.ts.
      { find: /^zod$/, replacement: r('./src/web/zod-browser.ts') },
    ],
  },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // What main.tsx runs before anything else, and Vite's preload helper its dynamic imports go
            // through: a small chunk of their own, so the entry does not import (and evaluate in its first
            // task) the shell chunk that also uses them.
            {
              name: 'early',
              test: /vite[\\/]preload-helper|src[\\/]web[\\/](app[\\/]triggers[\\/]early-keys|pwa[\\/]install-event)\.ts$/,
              priority: 3,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'shell',
              test: /src[\\/]web[\\/](app|components|pwa)[\\/]|node_modules[\\/](@tanstack|react-router|clsx)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' } },
});
