import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DbHandle } from '../../db/client';

/**
 * Where the built-in engine runs now, for the instances that do not run it (followers relay the stream
 * and HLS from it: docs/operations/several-instances.md#every-instance-serves-the-station), and how a
 * relayed request is told apart.
 */

/** The header of a request one instance relays to another: such a request is never relayed again. */
export const RELAY_HEADER = 'x-onair-relay';

export interface HolderAddress {
  instanceId: string;
  /** Its INSTANCE_URL, without a trailing slash. */
  address: string;
  /** This instance holds the lease: its own engine serves. */
  self: boolean;
}

export interface RelayHop {
  /** The request carries the relay header: it came through (or claims to come through) another instance. */
  relayed: boolean;
  /**
   * The listener's address another instance forwarded, when the request proves it comes from one (the
   * cluster's token); null otherwise, so an outside client cannot choose the address it is counted as.
   */
  listener: string | null;
}

/** How old the holder's address may be when read from the database (a relay that failed asks sooner). */
const MAX_AGE_MS = 1_000;
const FRESH_MAX_AGE_MS = 250;

export class EngineHolder {
  /** What a relaying instance sends in RELAY_HEADER: derived from AUTH_SECRET, which every instance shares. */
  private readonly token: Buffer;
  private cached: { at: number; holder: HolderAddress | null } | null = null;
  private reading: Promise<HolderAddress | null> | null = null;

  constructor(
    private readonly opts: {
      dbh: DbHandle;
      self: { id: string; address: string };
      /** Does this instance hold the lease now (its election's term)? */
      holdsHere: () => boolean;
      authSecret: string;
    },
  ) {
    this.token = createHmac('sha256', opts.authSecret).update('onair: relayed by an instance').digest();
  }

  /** This instance runs the engine now. */
  get here(): boolean {
    return this.opts.holdsHere();
  }

  /**
   * The instance that runs the engine now, or null (nobody holds a valid lease, or the row says this
   * instance while its own term has ended). Read from the database at most once a second (every quarter
   * second with `fresh`, after a relay failed), one read at a time whoever asks.
   */
  async find(opts: { fresh?: boolean } = {}): Promise<HolderAddress | null> {
    const { self } = this.opts;
    if (this.here) return { instanceId: self.id, address: trimSlash(self.address), self: true };
    const maxAge = opts.fresh ? FRESH_MAX_AGE_MS : MAX_AGE_MS;
    if (this.cached && Date.now() - this.cached.at < maxAge) return this.cached.holder;
    if (!this.reading) {
      const at = Date.now();
      this.reading = this.read()
        .then((holder) => {
          this.cached = { at, holder };
          return holder;
        })
        .finally(() => {
          this.reading = null;
        });
    }
    return this.reading;
  }

  private async read(): Promise<HolderAddress | null> {
    const { rows } = await this.opts.dbh.query<{ holder: string; address: string }>(
      `SELECT l.holder, i.address FROM engine_lease l JOIN cluster_instances i ON i.id = l.holder
        WHERE l.id = 'engine' AND l.expires_at > now() AND l.released_at IS NULL`,
    );
    const row = rows[0];
    // The lease still names this instance, but its term is over here (its engine stopped): nobody serves.
    if (!row || row.holder === this.opts.self.id) return null;
    return { instanceId: row.holder, address: trimSlash(row.address), self: false };
  }

  /** The headers of a request relayed to the holder on behalf of `listener` (its address). */
  relayHeaders(listener: string): Record<string, string> {
    return { [RELAY_HEADER]: this.token.toString('base64url'), 'x-forwarded-for': listener };
  }

  /** What a request says about being relayed (see RelayHop). */
  hopOf(headers: IncomingHttpHeaders): RelayHop {
    const value = headers[RELAY_HEADER];
    if (value === undefined) return { relayed: false, listener: null };
    const given = Buffer.from(typeof value === 'string' ? value : '', 'base64url');
    const fromPeer = given.length === this.token.length && timingSafeEqual(given, this.token);
    if (!fromPeer) return { relayed: true, listener: null };
    // The relaying instance sends one address; a proxy between the two would append its own after it.
    const forwarded = headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return { relayed: true, listener: first ? first.slice(0, 64) : null };
  }
}

function trimSlash(url: string) {
  return url.replace(/\/+$/, '');
}
