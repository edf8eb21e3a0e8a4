import type { PublicSettings } from '../../../shared/contracts/settings';
import type { AppContext } from '../../context';
import { readSettings } from './settings.service';

/**
 * The settings every page needs (site title and description, the donation box); defaults come from
 * configuration and fixed defaults.
 */
export async function getPublicSettings(ctx: Pick<AppContext, 'db' | 'config'>): Promise<PublicSettings> {
  const s = await readSettings(ctx.db, [
    'site_title',
    'site_description',
    'donation_url',
    'donation_goal_gbp',
    'donation_raised_gbp',
  ]);
  return {
    siteTitle: s.site_title ?? ctx.config.SITE_TITLE,
    siteDescription: s.site_description ?? ctx.config.SITE_DESCRIPTION,
    donation: { url: s.donation_url || null, goalGbp: s.donation_goal_gbp, raisedGbp: s.donation_raised_gbp },
  };
}
