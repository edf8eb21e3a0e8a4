import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEAD_BOOT_SCRIPT, headBootCspHash } from './head-boot';

/** Runs the head script against a stand-in page: its stored theme, its root element and its Worker. */
function runHead(theme: string | null, Worker: unknown) {
  const attrs = new Map<string, string>();
  const page = {
    localStorage: { getItem: () => theme },
    document: { documentElement: { setAttribute: (k: string, v: string) => attrs.set(k, v) } },
  };
  new Function('localStorage', 'document', 'Worker', HEAD_BOOT_SCRIPT)(
    page.localStorage,
    page.document,
    Worker,
  );
  return attrs;
}

describe('the page head script', () => {
  it('applies the stored theme and starts the date-data warm-up worker', () => {
    const started: string[] = [];
    const attrs = runHead(
      'disco',
      class {
        constructor(url: string) {
          started.push(url);
        }
      },
    );
    expect(attrs.get('data-theme')).toBe('disco');
    expect(started).toEqual(['/intl-warmup.js']);
  });

  it('still applies the theme where workers cannot start', () => {
    const attrs = runHead('halloween', () => {
      throw new Error('no workers here');
    });
    expect(attrs.get('data-theme')).toBe('halloween');
  });

  it('is the script the CSP allows by its hash', () => {
    const hash = createHash('sha256').update(HEAD_BOOT_SCRIPT).digest('base64');
    expect(headBootCspHash()).toBe(`'sha256-${hash}'`);
  });

  it('names a worker that the site serves', () => {
    const worker = readFileSync(new URL('../web/public/intl-warmup.js', import.meta.url), 'utf8');
    expect(worker).toContain('new Intl.DateTimeFormat');
    expect(worker).toContain('close()');
  });
});
