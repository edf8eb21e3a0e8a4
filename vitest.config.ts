import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Vitest has its own config so it does not pick up the web app's Vite root.
export default defineConfig({
  resolve: { alias: { '@shared': r('./src/shared'), '@web': r('./src/web') } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ['./src/server/test/global-setup.ts'],
  },
});
