import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle, DbOrTx } from '../../db/client';
import {
  holdsLeaseIn,
  isCurrentToken,
  type LeaseTerm,
  releaseLease,
  renewLease,
  takeLease,
} from './engine-lease';

/**
 * One engine at a time (docs/operations/several-instances.md#one-engine-elected): every instance that
 * may run the built-in engine campaigns for the lease; the holder renews it, and stops its engine as
 * soon as its own deadline passes without a renewal, measured on the local monotonic clock and set a
 * margin before the expiry other instances go by, so it has stopped before another can take over.
 */

export interface ElectionTimings {
  /** How long a term lasts without a renewal, by the database's clock. */
  leaseMs: number;
  /** How often the holder renews. */
  renewMs: number;
  /** How often an instance without the lease tries to take it. */
  retryMs: number;
  /** The holder gives up this long before the expiry others see (clock rates, a slow answer). */
  marginMs: number;
}

export const DEFAULT_TIMINGS: ElectionTimings = {
  leaseMs: 10_000,
  renewMs: 3_000,
  retryMs: 1_000,
  marginMs: 2_000,
};
/** The embedded database is one process: its term lasts until the next start takes it over. */
const SOLE_LEASE_MS = 10 * 365 * 24 * 3_600_000;
/** How long a callback's token, checked against the database, is taken as checked. */
const TOKEN_CHECK_MS = 1_000;

export type LossReason = 'deadline' | 'taken' | 'resigned' | 'shutdown';

export interface ElectionHandlers {
  /** This instance took the lease: start the engine with the term's token. */
  onTaken(term: LeaseTerm): Promise<void> | void;
  /** This instance lost it (or shuts down): stop the engine now. */
  onLost(reason: LossReason): Promise<void> | void;
}

export interface ElectionOptions {
  dbh: DbHandle;
  instanceId: string;
  log: FastifyBaseLogger;
  /** The embedded database: one instance, always the holder (no competition, no expiry). */
  sole: boolean;
  timings?: Partial<ElectionTimings>;
  /** The local monotonic clock in ms (tests give a fake one). */
  clock?: () => number;
}

export class EngineElection {
  private readonly timings: ElectionTimings;
  private readonly clock: () => number;
  private handlers: ElectionHandlers | null = null;
  private current: LeaseTerm | null = null;
  /** On the local clock: the engine must be stopped by then unless a renewal moved it. */
  private deadline = 0;
  private tickTimer: NodeJS.Timeout | null = null;
  private deadlineTimer: NodeJS.Timeout | null = null;
  private running = false;
  private ticking: Promise<void> = Promise.resolve();
  /** Start and stop of the engine, one after another, in the order the lease changed. */
  private transitions: Promise<void> = Promise.resolve();
  private checked: { token: string; ok: boolean; at: number } | null = null;
  /** After resigning: no attempt to take the lease before this (local clock). */
  private resumeAt = 0;

  constructor(private readonly opts: ElectionOptions) {
    this.timings = { ...DEFAULT_TIMINGS, ...opts.timings };
    this.clock = opts.clock ?? (() => performance.now());
  }

  /** The term this instance holds now, or null (a term whose local deadline has passed is lost here). */
  get term(): LeaseTerm | null {
    this.checkDeadline();
    return this.current;
  }

  /** Do other instances compete for the lease (PostgreSQL), or is this the only one (the embedded database)? */
  get competes(): boolean {
    return !this.opts.sole;
  }

  /** Starts campaigning; resolves after the first attempt to take the lease (and its engine start, if taken). */
  async start(handlers: ElectionHandlers): Promise<void> {
    this.handlers = handlers;
    this.running = true;
    await this.tick();
    await this.transitions;
  }

  /**
   * Is `token` the current holder's, so may this engine callback be accepted? Refused at once when this
   * instance's own term has ended by its clock; otherwise checked against the lease row (at most a
   * second old), so an engine whose term the database has moved on from is refused too.
   */
  async accepts(token: unknown): Promise<boolean> {
    const term = this.term;
    if (!term || typeof token !== 'string' || !sameSecret(token, term.token)) return false;
    const now = this.clock();
    if (this.checked && this.checked.token === token && now - this.checked.at < TOKEN_CHECK_MS)
      return this.checked.ok && this.term !== null;
    const ok = await isCurrentToken(this.opts.dbh, token).catch((err) => {
      this.opts.log.warn({ err }, 'engine lease: the engine token could not be checked');
      return false;
    });
    this.checked = { token, ok, at: now };
    return ok && this.term?.token === token;
  }

  /** Inside a transaction: does this instance's term still hold (see holdsLeaseIn)? */
  async holdsIn(tx: DbOrTx): Promise<boolean> {
    const term = this.term;
    return term !== null && (await holdsLeaseIn(tx, term.token));
  }

  /**
   * This instance cannot run the engine after all (it failed to start): its engine is stopped, the lease
   * given up so another eligible instance takes it at once, and this one waits `backoffMs` before
   * competing again.
   */
  async resign(backoffMs: number): Promise<void> {
    const term = this.current;
    if (!term) return;
    this.lose('resigned');
    this.resumeAt = this.clock() + backoffMs;
    await releaseLease(this.opts.dbh, term.token).catch((err) =>
      this.opts.log.warn({ err }, 'engine lease: could not give the lease up; it expires on its own'),
    );
  }

  /** Stops campaigning; a holder stops its engine, then gives the lease up so another takes it at once. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.tickTimer) clearTimeout(this.tickTimer);
    this.tickTimer = null;
    await this.ticking;
    const term = this.current;
    this.lose('shutdown');
    await this.transitions;
    if (term) {
      await releaseLease(this.opts.dbh, term.token).catch((err) =>
        this.opts.log.warn({ err }, 'engine lease: could not give the lease up; it expires on its own'),
      );
    }
  }

  private schedule() {
    if (!this.running) return;
    const wait = this.current ? this.timings.renewMs : this.timings.retryMs;
    this.tickTimer = setTimeout(() => void this.tick(), wait);
    this.tickTimer.unref();
  }

  private tick(): Promise<void> {
    this.ticking = this.attempt()
      .catch((err) => this.opts.log.warn({ err }, 'engine lease: the database did not answer'))
      .finally(() => this.schedule());
    return this.ticking;
  }

  private async attempt() {
    if (this.opts.sole && this.current) return;
    const { dbh, instanceId } = this.opts;
    const started = this.clock();
    const held = this.term;
    if (held) {
      const renewed = await renewLease(dbh, { instanceId, token: held.token, leaseMs: this.timings.leaseMs });
      if (this.current !== held) return; // lost meanwhile: the engine is already stopping
      if (renewed) this.extend(started);
      else this.lose('taken');
      return;
    }
    if (this.clock() < this.resumeAt) return;
    const token = randomBytes(24).toString('base64url');
    const leaseMs = this.opts.sole ? SOLE_LEASE_MS : this.timings.leaseMs;
    const term = await takeLease(dbh, { instanceId, token, leaseMs, force: this.opts.sole });
    if (!term || !this.running) return;
    this.current = term;
    this.checked = null;
    this.extend(started);
    this.opts.log.info({ term: term.term }, 'engine lease: this instance runs the engine');
    const handlers = this.handlers;
    this.transitions = this.transitions.then(async () => {
      if (this.current !== term) return;
      try {
        await handlers?.onTaken(term);
      } catch (err) {
        this.opts.log.error({ err }, 'engine lease: the engine did not start');
      }
    });
  }

  /** A renewal (or the take) sent at `sentAt` succeeded: the term lasts locally until sentAt + lease - margin. */
  private extend(sentAt: number) {
    if (this.opts.sole) {
      this.deadline = Number.POSITIVE_INFINITY;
      return;
    }
    this.deadline = sentAt + this.timings.leaseMs - this.timings.marginMs;
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = setTimeout(
      () => this.checkDeadline(),
      Math.max(0, this.deadline - this.clock()) + 5,
    );
    this.deadlineTimer.unref();
  }

  private checkDeadline() {
    if (this.current && this.clock() >= this.deadline) this.lose('deadline');
  }

  private lose(reason: LossReason) {
    if (!this.current) return;
    const term = this.current;
    this.current = null;
    this.checked = null;
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    const log = reason === 'shutdown' ? 'info' : 'warn';
    this.opts.log[log]({ term: term.term, reason }, 'engine lease: this instance no longer runs the engine');
    const handlers = this.handlers;
    this.transitions = this.transitions.then(async () => {
      try {
        await handlers?.onLost(reason);
      } catch (err) {
        this.opts.log.error({ err }, 'engine lease: the engine did not stop cleanly');
      }
    });
  }
}

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
