import { afterAll, vi } from 'vitest';

/**
 * The `db` project's test files share their worker's process and loaded modules (vitest.config.ts,
 * `isolate: false`, docs/testing.md): what a file changes in the test runtime is undone when the file
 * ends, so the next file in the worker starts as a fresh process would — fake timers, spies, stubbed
 * globals and environment variables, and the file-creation mask (an app's start makes it private,
 * infra/private-data.ts).
 */
const holder = globalThis as { onairStartUmask?: number };
if (holder.onairStartUmask === undefined) {
  // process.umask() with no argument is deprecated: set a value and put the old one back to read it.
  const umask = process.umask(0o022);
  process.umask(umask);
  holder.onairStartUmask = umask;
}
const startUmask = holder.onairStartUmask;
process.umask(startUmask);

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  process.umask(startUmask);
});
