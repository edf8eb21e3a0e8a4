import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The page's content security policy, as a browser reads it from any answer. */
async function policy(t: TestApp): Promise<Record<string, string[]>> {
  const res = await t.app.inject({ url: '/healthz' });
  const csp = String(res.headers['content-security-policy']);
  return Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('the content security policy', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('lets the pages fetch from the site only when no radio host is configured', async () => {
    const t = await createTestApp();
    apps.push(t);
    const p = await policy(t);
    expect(p['connect-src']).toEqual(["'self'"]);
    // The player's HLS: media from the site (and blob: for hls.js's MediaSource), hls.js's blob worker.
    expect(p['media-src']).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(p['worker-src']).toEqual(["'self'", 'blob:']);
    // No image or fetch from any https host: only the site, previews, and the known art hosts.
    expect(p['img-src']).not.toContain('https:');
    expect(p['img-src']).not.toContain('http:');
    expect(p['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://i.scdn.co']));
    expect(p['script-src'][0]).toBe("'self'");
    expect(p['script-src'].join(' ')).not.toContain('unsafe-inline');
    expect(p['object-src']).toEqual(["'none'"]);
  });

  it('adds the configured stream, HLS and AzuraCast origins, and the operator’s extra origins', async () => {
    const t = await createTestApp({
      env: {
        STREAM_PUBLIC_URL: 'https://stream.example.org:8443/radio.mp3',
        STREAM_HLS_URL: 'https://hls.example.org/live/playlist.m3u8',
        AZURACAST_URL: 'https://radio.example.org',
        RADIO_BACKEND: 'none',
        CSP_EXTRA_ORIGINS: 'https://cdn.example.net, not a url, javascript:alert(1), https://img.example.net',
      },
    });
    apps.push(t);
    const p = await policy(t);
    expect(p['connect-src']).toEqual([
      "'self'",
      'https://stream.example.org:8443',
      'https://hls.example.org',
      'https://radio.example.org',
      'https://cdn.example.net',
      'https://img.example.net',
    ]);
    expect(p['img-src']).toEqual(
      expect.arrayContaining([
        'https://radio.example.org',
        'https://cdn.example.net',
        'https://img.example.net',
      ]),
    );
    expect(p['img-src'].join(' ')).not.toContain('javascript');
    expect(p['img-src']).not.toContain('not');
  });
});
