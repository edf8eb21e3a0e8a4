import type { AppContext } from '../../context';
import { readSetting } from '../settings/settings.service';

/**
 * Site setting "most listeners at once" in force (a stored whole number, else 1,000): Icecast's limits are
 * derived from it (built-in engine).
 */
export async function stationMaxListeners(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return readSetting(ctx.db, 'station_max_listeners');
}

/**
 * Applies the setting to the built-in engine: icecast.xml is rewritten and a running Icecast re-reads it
 * (SIGHUP); the next start uses it too. Nothing to do for the other backends.
 */
export async function applyStationCapacity(ctx: Pick<AppContext, 'db' | 'station'>): Promise<void> {
  ctx.station.engine?.setMaxListeners(await stationMaxListeners(ctx));
}
