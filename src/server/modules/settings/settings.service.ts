import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { SETTINGS, type SettingKey, type SettingRead, type SettingValue } from './catalogue';
import { adminSettings } from './settings.table';

/** The value read from a stored row (`stored` is the row's JSON; absent: no row). */
function readStored<K extends SettingKey>(
  key: K,
  row: { settingValue: unknown } | undefined,
): SettingRead<K> {
  const spec = SETTINGS[key] as { parse: (v: unknown) => unknown; default?: unknown };
  const value = row === undefined ? undefined : spec.parse(row.settingValue);
  return (value === undefined ? spec.default : value) as SettingRead<K>;
}

/** A setting's value: the stored one when it reads as the key's type, else the key's default. */
export async function readSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingRead<K>> {
  const [row] = await db.select().from(adminSettings).where(eq(adminSettings.settingKey, key));
  return readStored(key, row);
}

/** Several settings in one query, as an object by key. */
export async function readSettings<const K extends SettingKey>(
  db: DbOrTx,
  keys: readonly K[],
): Promise<{ [P in K]: SettingRead<P> }> {
  const rows = await db
    .select()
    .from(adminSettings)
    .where(inArray(adminSettings.settingKey, [...keys]));
  return Object.fromEntries(
    keys.map((key) => [
      key,
      readStored(
        key,
        rows.find((r) => r.settingKey === key),
      ),
    ]),
  ) as { [P in K]: SettingRead<P> };
}

/** Stores a setting (with the key's description). */
export async function writeSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>) {
  const { description } = SETTINGS[key];
  await db
    .insert(adminSettings)
    .values({ settingKey: key, settingValue: value, description })
    .onConflictDoUpdate({
      target: adminSettings.settingKey,
      set: { settingValue: value, updatedAt: new Date(), description },
    });
}

/** Values for several keys, each of its key's type. */
export type SettingsPatch = { [K in SettingKey]?: SettingValue<K> };

/** Several settings; a key whose value is undefined is left as it is. */
export async function writeSettings(db: DbOrTx, values: SettingsPatch) {
  for (const [key, value] of Object.entries(values) as [SettingKey, SettingValue<SettingKey>][]) {
    if (value !== undefined) await writeSetting(db, key, value);
  }
}

/**
 * Stores the value unless the key holds it already (or, with `staleAfterHours`, held it for less than
 * that): true for the caller that changed it. Instances sharing the database claim a job or an
 * announcement with it; only one of them wins.
 */
export async function claimSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K>,
  staleAfterHours?: number,
): Promise<boolean> {
  const differs = sql`${adminSettings.settingValue} IS DISTINCT FROM excluded.setting_value`;
  const rows = await db
    .insert(adminSettings)
    .values({ settingKey: key, settingValue: value, description: SETTINGS[key].description })
    .onConflictDoUpdate({
      target: adminSettings.settingKey,
      set: { settingValue: value, updatedAt: new Date() },
      setWhere:
        staleAfterHours === undefined
          ? differs
          : sql`${differs} OR ${adminSettings.updatedAt} < now() - ${staleAfterHours} * interval '1 hour'`,
    })
    .returning({ key: adminSettings.settingKey });
  return rows.length > 0;
}

/** Stores the value only when the key has none yet: true for the caller that stored it. */
export async function writeSettingOnce<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K>,
): Promise<boolean> {
  const rows = await db
    .insert(adminSettings)
    .values({ settingKey: key, settingValue: value, description: SETTINGS[key].description })
    .onConflictDoNothing()
    .returning({ key: adminSettings.settingKey });
  return rows.length > 0;
}

export async function deleteSetting(db: DbOrTx, key: SettingKey) {
  await db.delete(adminSettings).where(eq(adminSettings.settingKey, key));
}
