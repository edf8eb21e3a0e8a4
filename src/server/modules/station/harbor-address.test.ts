import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { harborAddress } from './harbor-address';

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-harbor-')),
    AUTH_SECRET: 'x'.repeat(40),
    BASE_URL: 'https://radio.example.org',
    HARBOR_PORT: '8005',
    ...env,
  });

describe('the address Stream Info gives presenters', () => {
  it("is the site's host name and the harbor port by default", () => {
    expect(harborAddress(config())).toEqual({ host: 'radio.example.org', port: 8005 });
  });

  it('is the harbor proxy of several instances when HARBOR_PUBLIC_ADDRESS names it', () => {
    expect(harborAddress(config({ HARBOR_PUBLIC_ADDRESS: 'live.radio.example.org:8015' }))).toEqual({
      host: 'live.radio.example.org',
      port: 8015,
    });
    expect(harborAddress(config({ HARBOR_PUBLIC_ADDRESS: 'live.radio.example.org' }))).toEqual({
      host: 'live.radio.example.org',
      port: 8005,
    });
  });

  it.each([
    'http://live.radio.example.org',
    'live.radio.example.org:0',
    'live.radio.example.org:70000',
    'live radio',
    '-live.example.org',
  ])('refuses HARBOR_PUBLIC_ADDRESS=%s at start, naming the setting', (value) => {
    expect(() => config({ HARBOR_PUBLIC_ADDRESS: value })).toThrow('HARBOR_PUBLIC_ADDRESS');
  });
});
