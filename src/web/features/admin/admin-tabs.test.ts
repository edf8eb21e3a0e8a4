import { describe, expect, it } from 'vitest';
import { ADMIN_TAB_IDS } from './admin-tab-props';
import { ADMIN_TABS } from './admin-tabs';

describe('the admin tabs', () => {
  it('are the 17, in their fixed order, and Music after Radio Control, each with its own component', () => {
    expect(ADMIN_TAB_IDS).toEqual(
      'accounts, user-management, roles, shop, give-items, timetable, streamers, recognised-streamers, radio-control, music, discord, site-settings, applications, giveaways, analytics, payments, banned-songs, carousel'.split(
        ', ',
      ),
    );
    expect(ADMIN_TABS.map((t) => t.id)).toEqual([...ADMIN_TAB_IDS]);
    expect(new Set(ADMIN_TABS.map((t) => t.component)).size).toBe(18);
  });
});
