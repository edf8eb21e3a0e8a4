import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { displayNameOf } from '../../../../shared/contracts/accounts';
import { BOOTH_TEXTS } from '../../../../shared/texts/booth';
import type { AppContext } from '../../../context';
import { perApp } from '../../../infra/per-app';
import { profiles } from '../../accounts/accounts.table';
import { lastRefusal, mayGoLiveNow, ownSlotAround } from '../live-gate';
import { openSession } from '../live-sessions';
import { ensureStreamingAccount } from '../station.service';
import { presenterStreamingAccounts } from '../station.table';
import { Booth, type BoothDeps } from './booth';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log' | 'station'>;

/** Why a booth was not opened: said to the presenter as it is. */
export class BoothRefusal extends Error {}

/** The open booths of one app: at most one per presenter. */
export class Booths {
  private readonly byPresenter = new Map<string, Booth>();

  constructor(
    private readonly ctx: Ctx,
    private readonly harbor: BoothDeps['harbor'] | null,
  ) {}

  /** Does the harbor's login belong to an open booth (its one-time password)? */
  acceptsLogin(login: { user: string; password: string }): boolean {
    for (const booth of this.byPresenter.values()) {
      if (booth.user !== login.user || booth.state === 'ended') continue;
      const a = Buffer.from(login.password);
      const b = Buffer.from(booth.password);
      if (a.length === b.length && timingSafeEqual(a, b)) return true;
    }
    return false;
  }

  /** The presenter's booth: a new one, or theirs waiting for a reconnect. Refused with a reason. */
  async open(presenterId: string, now = new Date()): Promise<Booth> {
    if (!this.harbor) throw new BoothRefusal(BOOTH_TEXTS.needsEngine);
    const existing = this.byPresenter.get(presenterId);
    if (existing?.state === 'reconnecting') return existing;
    if (existing) throw new BoothRefusal(BOOTH_TEXTS.alreadyOpen);
    // The booth needs no password from the presenter; a presenter without an account gets one.
    let account = await this.accountOf(presenterId);
    if (!account && (await ensureStreamingAccount(this.ctx, presenterId)).ok)
      account = await this.accountOf(presenterId);
    if (!account) throw new BoothRefusal(BOOTH_TEXTS.noStreamingAccount);
    const onAir = await openSession(this.ctx.db);
    if (onAir && onAir.streamerUsername !== account.username)
      throw new BoothRefusal(BOOTH_TEXTS.someoneElseLive(await this.nameOf(onAir)));
    const gate = await mayGoLiveNow(this.ctx, account.username, now);
    if (!gate.allowed) throw new BoothRefusal(BOOTH_TEXTS.refused(gate.reason));
    // Checked again: another booth of the same presenter may have opened meanwhile.
    if (this.byPresenter.has(presenterId)) throw new BoothRefusal(BOOTH_TEXTS.alreadyOpen);
    const booth = new Booth(presenterId, account.username, this.deps(presenterId), (b) => {
      if (this.byPresenter.get(b.presenterId) === b) this.byPresenter.delete(b.presenterId);
    });
    this.byPresenter.set(presenterId, booth);
    booth.start();
    return booth;
  }

  /** Ends every booth (the app is stopping). */
  closeAll() {
    for (const booth of [...this.byPresenter.values()]) booth.end();
  }

  private deps(presenterId: string): BoothDeps {
    const { ctx } = this;
    return {
      harbor: this.harbor as BoothDeps['harbor'],
      log: ctx.log,
      refusal: (user) => lastRefusal(ctx, { user, address: null, seesAll: false })?.reason ?? null,
      async liveSession(user) {
        const s = await openSession(ctx.db);
        if (!s || s.streamerUsername !== user) return null;
        const slot = await ownSlotAround(ctx, presenterId, s.startedAt);
        return { startedAt: s.startedAt, slotEndsAt: slot?.end ?? null };
      },
    };
  }

  private async accountOf(presenterId: string) {
    const [account] = await this.ctx.db
      .select({ username: presenterStreamingAccounts.username })
      .from(presenterStreamingAccounts)
      .where(eq(presenterStreamingAccounts.userId, presenterId));
    return account ?? null;
  }

  private async nameOf(session: { presenterId: string | null; streamerUsername: string }) {
    if (!session.presenterId) return session.streamerUsername;
    const [p] = await this.ctx.db
      .select({ fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, session.presenterId));
    return p ? displayNameOf(p) : session.streamerUsername;
  }
}

export const boothsSlot = perApp<Booths>('web booths');
