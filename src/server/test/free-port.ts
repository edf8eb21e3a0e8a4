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

/**
 * Ports free on 127.0.0.1 right now, chosen below the kernel's ephemeral range (from 32768 on Linux),
 * which port 0 (freePorts) and outgoing connections never use: a test that needs a port to stay closed
 * for a while (nothing listening, so a connection is refused) can count on no other test taking it.
 */
export async function closedPorts(n: number, from = 20_000, to = 32_000): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < n) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (ports.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) ports.push(port);
  }
  return ports;
}
