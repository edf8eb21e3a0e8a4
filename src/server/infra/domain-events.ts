import type { DbOrTx } from '../db/client';

/**
 * Domain events: how one module's change reaches the modules that react to it, without the emitter
 * importing them (Outline's processors are the model). The emitter names what happened; each module that
 * cares subscribes in its own plugin. The list below is the whole catalogue: a module reads it to learn
 * what it may react to, and docs/architecture.md repeats it.
 *
 * Handlers run in the emitter's process, in order of subscription, and are awaited. An event emitted
 * inside a transaction gives its handlers that transaction (`tx`), so a reaction that must not be lost
 * (a Discord message in the outbox, with its delivery job) commits or rolls back with the change. What
 * only follows a change (caches, open pages) rides the realtime bus instead (infra/realtime.ts).
 */
export interface DomainEventMap {
  /**
   * A member became a presenter (a role change, an invitation, an approved application), after commit.
   * The station gives them a streaming account; its answer says whether it could.
   */
  'member.promoted': { payload: { userId: string }; result: { ok: boolean; error?: string } };
  /** The weekly chart was written (the weekly job), inside its transaction: Discord announces it. */
  'chart.published': {
    payload: {
      weekEnding: string | null;
      entries: { chartPosition: number; songTitle: string; artist: string; playCount: number }[];
    };
    result: unknown;
  };
  /** A presenter went live (once per live session per instance), inside a transaction: Discord announces it. */
  'live.started': {
    payload: { presenterName: string; showName: string | null; description: string | null };
    result: unknown;
  };
  /** The station is off air (or first seen so after a start): the next live session is announced again. */
  'live.ended': { payload: Record<string, never>; result: unknown };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainPayload<K extends DomainEventName> = DomainEventMap[K]['payload'];
export type DomainResult<K extends DomainEventName> = DomainEventMap[K]['result'];
export type DomainHandler<K extends DomainEventName> = (
  payload: DomainPayload<K>,
  tx: DbOrTx | null,
) => Promise<DomainResult<K>> | DomainResult<K>;

export class DomainEvents {
  private readonly handlers = new Map<DomainEventName, DomainHandler<DomainEventName>[]>();

  /** Subscribe to an event (a module's plugin does this once, when the app is built). */
  on<K extends DomainEventName>(name: K, handler: DomainHandler<K>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as unknown as DomainHandler<DomainEventName>);
    this.handlers.set(name, list);
  }

  /**
   * Tell the subscribers, in order, and return their answers. With `tx` the handlers write in the
   * emitter's transaction; a handler that throws rolls that transaction back with the change.
   */
  async emit<K extends DomainEventName>(
    name: K,
    payload: DomainPayload<K>,
    tx: DbOrTx | null = null,
  ): Promise<DomainResult<K>[]> {
    const out: DomainResult<K>[] = [];
    for (const h of this.handlers.get(name) ?? []) {
      out.push((await h(payload, tx)) as DomainResult<K>);
    }
    return out;
  }

  /** How many modules react to an event (tests and the start-up check use it). */
  subscribers(name: DomainEventName): number {
    return this.handlers.get(name)?.length ?? 0;
  }
}
