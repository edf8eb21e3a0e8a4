import type { AppContext } from '../../context';
import { DEFAULT_MAX_LISTENERS } from '../../integrations/radio/builtin/station-configs';
import { getSetting } from '../content/settings.service';

/** Site setting "most listeners at once": Icecast's limits are derived from it (built-in engine). */
export const MAX_LISTENERS_SETTING = 'station_max_listeners';
export { DEFAULT_MAX_LISTENERS };

/** The setting in force (a stored whole number, else 1,000). */
export async function stationMaxListeners(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const v = await getSetting<unknown>(ctx.db, MAX_LISTENERS_SETTING);
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : DEFAULT_MAX_LISTENERS;
}

/**
 * Applies the setting to the built-in engine: icecast.xml is rewritten and a running Icecast re-reads it
 * (SIGHUP); the next start uses it too. Nothing to do for the other backends.
 */
export async function applyStationCapacity(ctx: Pick<AppContext, 'db' | 'station'>): Promise<void> {
  ctx.station.engine?.setMaxListeners(await stationMaxListeners(ctx));
}
