import fp from 'fastify-plugin';

/**
 * Cookies set on a request that came over HTTPS are `Secure`, whatever BASE_URL says.
 *
 * better-auth marks its cookies Secure when BASE_URL is https (the documented set-up behind a proxy). A
 * site reached over HTTPS through a proxy (TRUST_PROXY=true, which makes Fastify read X-Forwarded-Proto)
 * with an http BASE_URL, or one serving TLS itself, still never sends a session cookie a browser would
 * also send over plain HTTP.
 */
export function withSecure(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

export const secureCookiesPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.protocol !== 'https') return payload;
      const set = reply.getHeader('set-cookie');
      if (set === undefined) return payload;
      // reply.header appends Set-Cookie values: take the old ones away first.
      reply.removeHeader('set-cookie');
      reply.header('set-cookie', Array.isArray(set) ? set.map(withSecure) : withSecure(String(set)));
      return payload;
    });
  },
  { name: 'secure-cookies' },
);
