import type { AppContext } from '../../context';
import { readSetting } from '../settings/settings.service';

/**
 * Live levelling (docs/operations/engine.md, live levelling): the DJ's input brought to the AutoDJ
 * loudness target, with the same limiter. On unless the station turned it off.
 */
export async function liveLevellingOn(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return readSetting(ctx.db, 'station_live_levelling');
}

/** Tells the built-in engine (now, and at its next start); nothing to do for the other backends. */
export async function applyLiveLevelling(ctx: Pick<AppContext, 'db' | 'station'>): Promise<void> {
  await ctx.station.engine?.setLiveLevelling(await liveLevellingOn(ctx));
}
