import net from 'node:net';

/**
 * A TCP relay in front of the app for a journey that loses its network: a browser page opened through
 * it (its own origin, trusted by the e2e station: playwright.config.ts) loses every connection when
 * `drop` cuts it, and cannot connect again until the drop ends, as on a train through a tunnel.
 * (Playwright's offline mode leaves an open WebSocket alone, so it cannot stand in for this.)
 */
export async function startNetworkDrop(listenPort: number, appPort: number) {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const app = net.connect(appPort, '127.0.0.1');
    for (const s of [client, app]) {
      open.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        app.destroy();
      });
    }
    client.pipe(app).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', resolve);
  });
  return {
    origin: `http://localhost:${listenPort}`,
    /** Cuts every connection now and refuses new ones for `ms`. */
    async drop(ms: number) {
      down = true;
      for (const s of open) s.destroy();
      await new Promise((r) => setTimeout(r, ms));
      down = false;
    },
    async stop() {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
