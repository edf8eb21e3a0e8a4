import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stationStreamers } from '../../../modules/station/station.table';
import { RadioBackendError, type StreamerAccount, type StreamerInput, type StreamerPatch } from '../types';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import type { EngineLogger } from './supervisor';

type Row = typeof stationStreamers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What broadcasting software can put in a source URL (user:password@host) without trouble. */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FAILURES_ALLOWED = 10;
const FAILURE_WINDOW_MS = 10 * 60_000;

const toAccount = (r: Row): StreamerAccount => ({
  id: r.id,
  username: r.username,
  displayName: r.displayName,
  comments: r.comments,
  isActive: r.isActive,
  updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
});

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const rejected = (message: string) => new RadioBackendError(message, 'rejected');

/** The built-in engine's DJ accounts (stationStreamers), with hashed passwords. */
export class StreamerAccounts {
  /** Recent refusals per client address, to slow password guessing through the harbor. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly db: Db,
    private readonly log: EngineLogger,
  ) {}

  async list(): Promise<StreamerAccount[]> {
    const rows = await this.db.select().from(stationStreamers).orderBy(asc(stationStreamers.username));
    return rows.map(toAccount);
  }

  async create(input: StreamerInput): Promise<StreamerAccount> {
    const username = input.username?.trim() ?? '';
    if (!USERNAME.test(username)) {
      throw rejected('A streaming username has 1 to 64 letters, digits, dots, dashes or underscores.');
    }
    // Encoders that log in only as "source" name their account in the password (station/live-gate.ts).
    if (username.toLowerCase() === 'source') {
      throw rejected('The username "source" is kept for encoders that log in as source: choose another.');
    }
    checkPassword(input.password);
    const displayName = checkDisplayName(input.displayName);
    const [taken] = await this.db
      .select({ id: stationStreamers.id })
      .from(stationStreamers)
      .where(eq(stationStreamers.username, username));
    if (taken) throw rejected(`The streaming username "${username}" is already taken.`);
    try {
      const [row] = await this.db
        .insert(stationStreamers)
        .values({
          username,
          displayName,
          passwordHash: await hashPassword(input.password),
          comments: input.comments ?? null,
          isActive: input.isActive ?? true,
        })
        .returning();
      return toAccount(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw rejected(`The streaming username "${username}" is already taken.`);
      throw err;
    }
  }

  async update(
    id: string,
    patch: StreamerPatch,
  ): Promise<{ account: StreamerAccount; before: StreamerAccount }> {
    const before = await this.find(id);
    const set: Partial<typeof stationStreamers.$inferInsert> = { updatedAt: new Date() };
    if (patch.password !== undefined) {
      checkPassword(patch.password);
      set.passwordHash = await hashPassword(patch.password);
    }
    if (patch.displayName !== undefined) set.displayName = checkDisplayName(patch.displayName);
    if (patch.comments !== undefined) set.comments = patch.comments;
    if (patch.isActive !== undefined) set.isActive = patch.isActive;
    const [row] = await this.db
      .update(stationStreamers)
      .set(set)
      .where(eq(stationStreamers.id, id))
      .returning();
    if (!row) throw rejected('No streamer account with this id.');
    return { account: toAccount(row), before };
  }

  /** Deleting an account that is already gone is not an error. Returns the deleted account, if any. */
  async delete(id: string): Promise<StreamerAccount | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.db.delete(stationStreamers).where(eq(stationStreamers.id, id)).returning();
    return row ? toAccount(row) : null;
  }

  /**
   * May this DJ go on air? An active account with the right password. Every refusal is logged (never
   * the password); after 10 refusals in 10 minutes an address is refused without checking.
   */
  async authenticate(login: { user: string; password: string; address?: string }): Promise<boolean> {
    const address = login.address || 'unknown';
    const recent = (this.failures.get(address) ?? []).filter((t) => Date.now() - t < FAILURE_WINDOW_MS);
    if (recent.length >= FAILURES_ALLOWED) {
      this.log.warn(
        { user: login.user, address },
        'station: DJ refused, too many failed attempts from this address',
      );
      return false;
    }
    const [row] = await this.db
      .select()
      .from(stationStreamers)
      .where(eq(stationStreamers.username, login.user));
    const matches = await verifyPassword(login.password, row?.passwordHash ?? (await decoyHash()));
    let reason: string | null = null;
    if (!row) reason = 'unknown username';
    else if (!matches) reason = 'wrong password';
    else if (!row.isActive) reason = 'account disabled';
    if (!reason) {
      this.failures.delete(address);
      this.log.info({ user: login.user, address }, 'station: DJ allowed on air');
      return true;
    }
    if (reason !== 'account disabled') {
      recent.push(Date.now());
      if (this.failures.size > 1000) this.failures.clear();
      this.failures.set(address, recent);
    }
    this.log.warn({ user: login.user, address, reason }, 'station: DJ refused');
    return false;
  }

  private async find(id: string): Promise<StreamerAccount> {
    const [row] = UUID.test(id)
      ? await this.db.select().from(stationStreamers).where(eq(stationStreamers.id, id))
      : [];
    if (!row) throw rejected('No streamer account with this id.');
    return toAccount(row);
  }
}

function checkPassword(password: string | undefined) {
  if (typeof password !== 'string' || password.length < 6 || password.length > 200) {
    throw rejected('A streaming password has 6 to 200 characters.');
  }
}

function checkDisplayName(name: string | undefined): string {
  const v = (name ?? '').trim();
  if (!v || v.length > 100) throw rejected('A display name has 1 to 100 characters.');
  return v;
}
