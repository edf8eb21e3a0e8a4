import net from 'node:net';

/**
 * Ports free on 127.0.0.1 right now, for tests, e2e and benches (plain Node: no vitest here). Each is
 * found by listening on port 0 and closing again; all n are held open together, so they differ.
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: n }, () => {
      const s = net.createServer();
      return new Promise<net.Server>((resolve, reject) => {
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => resolve(s));
      });
    }),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** One port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}
