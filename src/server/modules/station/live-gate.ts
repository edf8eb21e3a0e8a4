import { eq } from 'drizzle-orm';
import { HARBOR_REFUSALS } from '../../../shared/texts/stream-info';
import { minutesOf, zonedParts, zonedTimeToUtc } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../accounts/accounts.table';
import { listSlots, stationTimeZone } from '../schedule/schedule.service';
import { readSetting } from '../settings/settings.service';
import { presenterStreamingAccounts, stationStreamers } from './station.table';

/**
 * "Presenters may go live only in their booked slots, give or take 10 minutes" (Site Settings, off by
 * default). The built-in engine asks the app whether a DJ may connect (POST /api/station/engine/auth):
 * after the password, this rule decides. Admins always may; so may a streaming account that belongs to
 * no presenter (one the station made in Radio Control, e.g. for a guest or a relay).
 */
export const LIVE_SLOT_GRACE_MINUTES = 10;

export async function liveOnlyInBookedSlots(db: DbOrTx): Promise<boolean> {
  return readSetting(db, 'live_only_in_booked_slots');
}

export type LiveGate =
  | { allowed: true; why: 'rule off' | 'admin' | 'station account' | 'in slot' }
  | { allowed: false; reason: string };

const DAY_MS = 86_400_000;

/**
 * The times (UTC) a presenter's approved slots run from yesterday to tomorrow on the station's
 * calendar: weekly slots on their weekday, one-offs on their date. A slot whose end is not after its
 * start runs past midnight, to its end time the next day.
 */
async function slotTimesAround(
  ctx: Pick<AppContext, 'db' | 'config'>,
  presenterId: string,
  now: Date,
): Promise<{ id: string; start: Date; end: Date; showName: string }[]> {
  const tz = await stationTimeZone(ctx);
  const slots = await listSlots(ctx.db, { presenterId, approvedOnly: true });
  const today = zonedParts(now, tz);
  const out: { id: string; start: Date; end: Date; showName: string }[] = [];
  for (const offset of [-1, 0, 1]) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const y = day.getUTCFullYear();
    const m = day.getUTCMonth() + 1;
    const d = day.getUTCDate();
    const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    for (const s of slots) {
      if (s.dayOfWeek !== day.getUTCDay() || (s.date && s.date !== iso)) continue;
      const from = minutesOf(s.startTime);
      const to = minutesOf(s.endTime);
      if (from === null || to === null) continue;
      const start = zonedTimeToUtc(y, m, d, Math.floor(from / 60), from % 60, tz);
      const endDay = to <= from ? new Date(day.getTime() + DAY_MS) : day;
      const end = zonedTimeToUtc(
        endDay.getUTCFullYear(),
        endDay.getUTCMonth() + 1,
        endDay.getUTCDate(),
        Math.floor(to / 60),
        to % 60,
        tz,
      );
      out.push({ id: s.id, start, end, showName: s.showName });
    }
  }
  return out;
}

/**
 * The presenter's own approved slot around `at`, from 10 minutes before its start to 10 minutes after
 * its end (the nearest start wins), if any: a show that goes live a few minutes early is still theirs.
 */
export async function ownSlotAround(
  ctx: Pick<AppContext, 'db' | 'config'>,
  presenterId: string,
  at = new Date(),
): Promise<{ id: string; showName: string; end: Date } | null> {
  const grace = LIVE_SLOT_GRACE_MINUTES * 60_000;
  const t = at.getTime();
  const near = (await slotTimesAround(ctx, presenterId, at))
    .filter((s) => t >= s.start.getTime() - grace && t <= s.end.getTime() + grace)
    .sort((a, b) => Math.abs(a.start.getTime() - t) - Math.abs(b.start.getTime() - t));
  return near[0] ? { id: near[0].id, showName: near[0].showName, end: near[0].end } : null;
}

/** May the DJ with this streaming account go on air now, under the booked-slot rule? */
export async function mayGoLiveNow(
  ctx: Pick<AppContext, 'db' | 'config'>,
  streamerUsername: string,
  now = new Date(),
): Promise<LiveGate> {
  if (!(await liveOnlyInBookedSlots(ctx.db))) return { allowed: true, why: 'rule off' };
  const [owner] = await ctx.db
    .select({ id: profiles.id, role: profiles.role })
    .from(presenterStreamingAccounts)
    .innerJoin(profiles, eq(profiles.id, presenterStreamingAccounts.userId))
    .where(eq(presenterStreamingAccounts.username, streamerUsername));
  if (!owner) return { allowed: true, why: 'station account' };
  if (owner.role === 'admin') return { allowed: true, why: 'admin' };
  if (await ownSlotAround(ctx, owner.id, now)) return { allowed: true, why: 'in slot' };
  return {
    allowed: false,
    reason: `outside their booked slots (presenters may go live only in their booked slots, give or take ${LIVE_SLOT_GRACE_MINUTES} minutes)`,
  };
}

/** The account an encoder that logs in only as "source" names in its password ("username:password"). */
export const SOURCE_USER = 'source';

/**
 * Who is logging in (docs/product/presenters.md, "Going live"): an encoder that can only say `source`
 * (DarkIce, hardware encoders, SHOUTcast v1 software) gives `username:password` (or
 * `username,password`) as its password, as on AzuraCast. Every other login is taken as it comes.
 */
export function harborLogin<L extends { user: string; password: string }>(login: L): L {
  if (login.user !== SOURCE_USER && login.user !== '') return login;
  const at = login.password.search(/[:,]/);
  if (at <= 0) return login;
  return { ...login, user: login.password.slice(0, at), password: login.password.slice(at + 1) };
}

/**
 * The engine asks whether a DJ may connect: the account and password first (StreamerAccounts, with its
 * own refusals logged), then the booked-slot rule. A refusal by the rule is a warning, so it reaches the
 * system log (Developer section) with its reason. Answers the account that goes on air.
 */
export async function authorizeDj(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  engine: { authenticate(login: { user: string; password: string; address?: string }): Promise<boolean> },
  asSent: { user: string; password: string; address?: string },
  now = new Date(),
): Promise<{ allowed: boolean; user: string }> {
  const login = harborLogin(asSent);
  const refuse = (reason: string, unknown = false) => {
    noteRefusal(ctx, { ...login, at: now, reason, unknown });
    return { allowed: false, user: login.user };
  };
  if (!(await engine.authenticate(login))) {
    const [known] = await ctx.db
      .select({ id: stationStreamers.id })
      .from(stationStreamers)
      .where(eq(stationStreamers.username, login.user));
    if (known) return refuse(HARBOR_REFUSALS.wrongLogin);
    if (login.user === SOURCE_USER || login.user === '')
      return refuse(HARBOR_REFUSALS.sourceWithoutAccount, true);
    return refuse(HARBOR_REFUSALS.unknownUser(login.user), true);
  }
  const gate = await mayGoLiveNow(ctx, login.user, now);
  if (gate.allowed) {
    refusalsOf(ctx).delete(login.user);
    return { allowed: true, user: login.user };
  }
  ctx.log.warn(
    { user: login.user, address: login.address ?? 'unknown', reason: gate.reason },
    `station: DJ ${login.user} refused: ${gate.reason}`,
  );
  return refuse(HARBOR_REFUSALS.outsideSlots(LIVE_SLOT_GRACE_MINUTES));
}

/** How long a refusal is shown on the presenter's connection check. */
const REFUSAL_SHOWN_MS = 30 * 60_000;
interface Refusal {
  at: Date;
  reason: string;
  user: string;
  /** The encoder's address, as the harbor saw it. */
  address: string | null;
  /** The login named no streaming account. */
  unknown: boolean;
}
/** The last refusal per login name, per app (the engine asks the instance that runs it). */
const refusals = new WeakMap<object, Map<string, Refusal>>();
function refusalsOf(ctx: Pick<AppContext, 'db'>) {
  let map = refusals.get(ctx.db);
  if (!map) {
    map = new Map();
    refusals.set(ctx.db, map);
  }
  return map;
}
function noteRefusal(
  ctx: Pick<AppContext, 'db'>,
  r: { user: string; address?: string; at: Date; reason: string; unknown: boolean },
) {
  const map = refusalsOf(ctx);
  if (map.size > 1000) map.clear();
  map.set(r.user, {
    at: r.at,
    reason: r.reason,
    user: r.user,
    address: plainAddress(r.address),
    unknown: r.unknown,
  });
}

/** An IPv4 address as Node (::ffff:1.2.3.4) and Liquidsoap (1.2.3.4, or with :port) may write it. */
function plainAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const a = address.replace(/^::ffff:/i, '');
  return /^\d+\.\d+\.\d+\.\d+:\d+$/.test(a) ? a.replace(/:\d+$/, '') : a;
}

/**
 * Why the harbor last refused, in the last 30 minutes, for a presenter's connection check: their own
 * account's refusal; else a refusal of a login that names no account (a mistyped username, `source`
 * without `username:password`) from the address they are on, or from anywhere for station control.
 */
export function lastRefusal(
  ctx: Pick<AppContext, 'db'>,
  viewer: { user: string | null; address: string | null; seesAll: boolean },
  now = new Date(),
): { at: string; reason: string } | null {
  const recent = (r: Refusal | undefined): r is Refusal =>
    r !== undefined && now.getTime() - r.at.getTime() <= REFUSAL_SHOWN_MS;
  const own = viewer.user ? refusalsOf(ctx).get(viewer.user) : undefined;
  const here = plainAddress(viewer.address);
  const shown = recent(own)
    ? own
    : [...refusalsOf(ctx).values()]
        .filter((r) => recent(r) && r.unknown && (viewer.seesAll || (here !== null && r.address === here)))
        .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  return shown ? { at: shown.at.toISOString(), reason: shown.reason } : null;
}
