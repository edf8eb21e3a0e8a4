import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { freshDatabase } from '../../test/test-app';
import {
  claimSetting,
  deleteSetting,
  readSetting,
  readSettings,
  writeSetting,
  writeSettingOnce,
} from './settings.service';

let dbh: DbHandle & { drop(): Promise<void> };
beforeAll(async () => {
  dbh = await freshDatabase();
});
afterAll(async () => dbh.drop());
beforeEach(async () => {
  await dbh.query('DELETE FROM admin_settings');
});

/** Stores a raw JSON value, as an older version (or a hand edit) may have left it. */
const store = (key: string, json: string) =>
  dbh.query(`INSERT INTO admin_settings (setting_key, setting_value) VALUES ($1, $2::jsonb)`, [key, json]);

describe('the settings store', () => {
  it('reads a key’s default, or nothing for a key without one, until a value is stored', async () => {
    expect(await readSetting(dbh.db, 'donation_goal_gbp')).toBe(100);
    expect(await readSetting(dbh.db, 'site_title')).toBeUndefined();
    await writeSetting(dbh.db, 'site_title', 'Harbor FM');
    await writeSetting(dbh.db, 'donation_goal_gbp', 250);
    expect(await readSettings(dbh.db, ['site_title', 'donation_goal_gbp', 'donation_raised_gbp'])).toEqual({
      site_title: 'Harbor FM',
      donation_goal_gbp: 250,
      donation_raised_gbp: 0,
    });
    const { rows } = await dbh.query<{ description: string }>(
      `SELECT description FROM admin_settings WHERE setting_key = 'site_title'`,
    );
    expect(rows[0].description).toBe('Site title');
  });

  it('reads a stored value of the wrong type as the default, as each setting always has', async () => {
    await store('station_max_listeners', '12.5');
    await store('recordings_retention_days', '0');
    await store('recordings_disk_floor_mb', '0');
    await store('media_upload_max_mb', '"50"');
    await store('media_crossfade_seconds', '-1');
    await store('live_only_in_booked_slots', '"yes"');
    await store('station_timezone', '"Mars/Olympus"');
    await store('requests_cooldown_minutes', '{"minutes": 9}');
    await store('requests_recent_play_minutes', '{"minutes": "9"}');
    expect(
      await readSettings(dbh.db, [
        'station_max_listeners',
        'recordings_retention_days',
        'recordings_disk_floor_mb',
        'media_upload_max_mb',
        'media_crossfade_seconds',
        'live_only_in_booked_slots',
        'station_timezone',
        'requests_cooldown_minutes',
        'requests_recent_play_minutes',
      ]),
    ).toEqual({
      station_max_listeners: 1000,
      recordings_retention_days: 30,
      recordings_disk_floor_mb: 0,
      media_upload_max_mb: 50,
      media_crossfade_seconds: 2,
      live_only_in_booked_slots: false,
      station_timezone: undefined,
      requests_cooldown_minutes: 9,
      requests_recent_play_minutes: 15,
    });
  });

  it('reads any stored request switch as on or off, and a missing one as missing', async () => {
    expect(await readSetting(dbh.db, 'requests_enabled')).toBeUndefined();
    await store('requests_enabled', 'true');
    expect(await readSetting(dbh.db, 'requests_enabled')).toEqual({ enabled: false });
    await writeSetting(dbh.db, 'requests_enabled', { enabled: true });
    expect(await readSetting(dbh.db, 'requests_enabled')).toEqual({ enabled: true });
  });

  it('lets one caller claim a value, once per value, and stores a first value only once', async () => {
    expect(await claimSetting(dbh.db, 'backups.last_scheduled_day', '2026-01-01')).toBe(true);
    expect(await claimSetting(dbh.db, 'backups.last_scheduled_day', '2026-01-01')).toBe(false);
    expect(await claimSetting(dbh.db, 'backups.last_scheduled_day', '2026-01-02')).toBe(true);
    expect(await writeSettingOnce(dbh.db, 'presenter_rules', 'Be kind')).toBe(true);
    expect(await writeSettingOnce(dbh.db, 'presenter_rules', 'Be loud')).toBe(false);
    expect(await readSetting(dbh.db, 'presenter_rules')).toBe('Be kind');
    await deleteSetting(dbh.db, 'presenter_rules');
    expect(await readSetting(dbh.db, 'presenter_rules')).toBeUndefined();
  });
});
