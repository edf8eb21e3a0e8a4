import { z } from 'zod';

export const PublicSettings = z.object({
  siteTitle: z.string(),
  siteDescription: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

export const UpdateSiteSettingsInput = z
  .object({
    siteTitle: z.string().trim().min(1, 'Site title is required').max(80),
    siteDescription: z.string().trim().max(300),
  })
  .partial();

export const PageVisitInput = z.object({ path: z.string().min(1).max(300) });
