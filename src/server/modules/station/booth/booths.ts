import { eq } from 'drizzle-orm';
import { displayNameOf } from '../../../../shared/contracts/accounts';
import { BOOTH_TEXTS } from '../../../../shared/texts/booth';
import type { AppContext } from '../../../context';
import type { EngineHolder } from '../../../infra/cluster/engine-holder';
import { perApp } from '../../../infra/per-app';
import { profiles } from '../../accounts/accounts.table';
import { harborAddress } from '../harbor-address';
import { lastRefusal, mayGoLiveNow, ownSlotAround } from '../live-gate';
import { openSession } from '../live-sessions';
import { ensureStreamingAccount } from '../station.service';
import { presenterStreamingAccounts } from '../station.table';
import { Booth, type BoothDeps } from './booth';
import { BOOTH_PASSWORD_VALID_MS, isBoothPassword, makeBoothPassword } from './booth-password';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log' | 'station'>;

/** Why a booth was not opened: said to the presenter as it is. */
export class BoothRefusal extends Error {}

/** The open booths of one app: at most one per presenter. */
export class Booths {
  private readonly byPresenter = new Map<string, Booth>();
  /** The passwords of this instance's booths that ended, and when: kept while they would still be good. */
  private readonly ended = new Map<string, number>();

  /**
   * `harbor` is this instance's own harbor (null without the built-in engine); `holder` says which
   * instance runs the engine when there are several.
   */
  constructor(
    private readonly ctx: Ctx,
    private readonly harbor: BoothDeps['harbor'] | null,
    private readonly holder: EngineHolder | null = null,
  ) {}

  /**
   * Is the harbor's login a web booth's (its one-time password, made by this instance or another of the
   * station's)? An open booth of this instance that has ended no longer logs in.
   */
  acceptsLogin(login: { user: string; password: string }): boolean {
    return (
      isBoothPassword(this.ctx.config.authSecret, login.user, login.password) &&
      !this.ended.has(login.password)
    );
  }

  /**
   * The harbor a booth opened now feeds: this instance's when it runs the engine; on a follower, the
   * harbor proxy when HARBOR_PUBLIC_ADDRESS names one, otherwise the engine instance's host at HARBOR_PORT.
   */
  async harborForBooth(): Promise<BoothDeps['harbor'] | null> {
    if (!this.harbor || !this.holder || this.holder.here) return this.harbor;
    const found = await this.holder.find({ fresh: true });
    if (!found) return null;
    if (found.self) return this.harbor;
    const proxy = this.ctx.config.HARBOR_PUBLIC_ADDRESS;
    if (proxy) return { ...harborAddress(this.ctx.config), mount: this.harbor.mount };
    return { ...this.harbor, host: new URL(found.address).hostname };
  }

  /** The presenter's booth: a new one, or theirs waiting for a reconnect. Refused with a reason. */
  async open(presenterId: string, now = new Date()): Promise<Booth> {
    const harbor = await this.harborForBooth();
    if (!harbor) throw new BoothRefusal(BOOTH_TEXTS.needsEngine);
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
    const deps = this.deps(presenterId, harbor, account.username);
    const booth = new Booth(presenterId, account.username, deps, (b) => {
      if (this.byPresenter.get(b.presenterId) === b) this.byPresenter.delete(b.presenterId);
      const now = Date.now();
      for (const [password, at] of this.ended)
        if (now - at > BOOTH_PASSWORD_VALID_MS * 2) this.ended.delete(password);
      this.ended.set(deps.password, now);
    });
    this.byPresenter.set(presenterId, booth);
    booth.start();
    return booth;
  }

  /** Ends every booth (the app is stopping). */
  closeAll() {
    for (const booth of [...this.byPresenter.values()]) booth.end();
  }

  private deps(presenterId: string, harbor: BoothDeps['harbor'], user: string): BoothDeps {
    const { ctx } = this;
    return {
      harbor,
      password: makeBoothPassword(ctx.config.authSecret, user),
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
