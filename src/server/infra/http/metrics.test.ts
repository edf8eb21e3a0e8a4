import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let open: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
  open = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await open.close();
});

describe('GET /metrics (Prometheus)', () => {
  it('answers with the token only, when one is set', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(403);
    await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    const body = ok.body;
    expect(body).toMatch(
      /onair_http_requests_total\{method="GET",route="\/api\/settings\/public",status="200"\} 1/,
    );
    expect(body).toContain('onair_http_request_duration_seconds_bucket');
    expect(body).toMatch(
      /onair_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/settings\/public",status="200"\} 1/,
    );
    expect(body).toMatch(
      /onair_http_request_duration_seconds_count\{method="GET",route="\/api\/settings\/public",status="200"\} 1/,
    );
    expect(body).toContain('# TYPE onair_http_request_duration_seconds histogram');
    expect(body).toMatch(/^onair_listeners 0$/m);
    expect(body).toMatch(/^onair_event_streams 0$/m);
    expect(body).toMatch(/^onair_engine_restarts 0$/m);
    expect(body).toContain('# TYPE onair_jobs gauge');
    expect(body).toContain('onair_process_resident_memory_bytes');
  });

  it('without a token, answers direct connections from this machine only', async () => {
    const local = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    const remote = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const proxied = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('refuses a loopback caller that carries any forwarding header (a proxy on this machine relays others)', async () => {
    const headers: Record<string, string>[] = [
      { forwarded: 'for=203.0.113.9' },
      { forwarded: 'for="[2001:db8::1]";proto=https' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-host': 'radio.example' },
      { 'x-forwarded-proto': 'https' },
      { 'x-client-ip': '203.0.113.9' },
      { 'true-client-ip': '203.0.113.9' },
      { 'cf-connecting-ip': '203.0.113.9' },
      { via: '1.1 proxy' },
    ];
    for (const h of headers) {
      const res = await open.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: h,
      });
      expect(res.statusCode, JSON.stringify(h)).toBe(403);
    }
  });
});
