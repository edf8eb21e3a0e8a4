import http from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc='"] } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers computed once', () => {
  it('are exactly the headers helmet itself sets on a response', async () => {
    const server = http.createServer((req, res) => {
      helmet(options)(req, res, () => res.end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    await res.text();
    server.close();
    const fromHelmet: Record<string, string> = {};
    for (const [k, v] of res.headers) {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)) {
        fromHelmet[k] = v;
      }
    }
    expect(helmetHeaders(options)).toEqual(fromHelmet);
    expect(fromHelmet['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
    expect(fromHelmet).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('refuses a directive helmet refuses, at start-up', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'; evil"] } } }),
    ).toThrow(/Content-Security-Policy/);
  });
});
