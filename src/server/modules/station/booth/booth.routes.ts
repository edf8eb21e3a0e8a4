import type { FastifyInstance } from 'fastify';
import { BOOTH_TEXTS } from '../../../../shared/texts/booth';
import type { BoothMessage, BoothSocket } from './booth';
import { BoothRefusal, boothsSlot } from './booths';

/** Close codes the booth page reads: a refusal it shows, not a network drop it retries. */
export const BOOTH_CLOSE = { refused: 4000, ended: 1000 } as const;

/**
 * GET /api/presenter/booth (WebSocket): the presenter panel's web booth. The page sends its encoded
 * audio as binary frames and `{"type":"end"}` to end the show; the app answers with state messages
 * (BoothMessage). The session cookie signs it in and the Origin must be the site's own, as for every
 * write; a refusal is a state message with its reason, then close code 4000.
 */
export async function boothRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const trusted = new Set(ctx.config.trustedOrigins);
  app.get(
    '/api/presenter/booth',
    {
      websocket: true,
      config: { access: 'public' },
      schema: {
        tags: ['presenter'],
        description:
          'The web booth (WebSocket, presenters only, the site’s own origin): binary frames of WebM/Opus or Ogg/Opus audio in; state messages out.',
      },
    },
    async (ws, req) => {
      const socket: BoothSocket = {
        send: (text) => ws.readyState === ws.OPEN && ws.send(text),
        close: (code, reason) => ws.close(code, reason),
      };
      const refuse = (message: string) => {
        socket.send(JSON.stringify({ type: 'state', state: 'ended', message } satisfies BoothMessage));
        ws.close(BOOTH_CLOSE.refused, 'refused');
      };
      // Messages that arrive while the checks run are kept, then handled in order.
      const early: { data: Buffer; binary: boolean }[] = [];
      const keep = (data: Buffer, binary: boolean) => early.push({ data, binary });
      ws.on('message', keep);
      const origin = req.headers.origin;
      if (!origin || !trusted.has(origin)) return refuse(BOOTH_TEXTS.badOrigin);
      const actor = await req.getActor().catch(() => null);
      if (!actor) return refuse(BOOTH_TEXTS.signedOut);
      if (!actor.access.capabilities.includes('presenter.panel')) return refuse(BOOTH_TEXTS.signedOut);
      let booth: Awaited<ReturnType<ReturnType<typeof boothsSlot.of>['open']>>;
      try {
        booth = await boothsSlot.of(ctx).open(actor.userId);
      } catch (err) {
        if (err instanceof BoothRefusal) return refuse(err.message);
        throw err;
      }
      booth.attach(socket);
      // Closed while the checks ran: the booth waits for a reconnect as after any drop.
      if (ws.readyState !== ws.OPEN) return booth.detach(socket);
      const handle = (data: Buffer, binary: boolean) => {
        if (binary) return booth.receive(socket, data);
        if (data.toString('utf8').includes('"end"')) booth.end();
      };
      ws.off('message', keep);
      for (const m of early) handle(m.data, m.binary);
      ws.on('message', (data: Buffer, binary: boolean) => handle(data, binary));
      ws.on('close', () => booth.detach(socket));
    },
  );
}
