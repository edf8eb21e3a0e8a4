import { z } from 'zod';
import { CAROUSEL_TEXTS } from '../texts/content';
import { optionalText, WEB_OR_SITE_URL } from './common';

const t = CAROUSEL_TEXTS;

export const CarouselImage = z.object({
  id: z.string(),
  imageUrl: z.string(),
  title: z.string().nullable(),
  linkUrl: z.string().nullable(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
});
export type CarouselImage = z.infer<typeof CarouselImage>;
export const CarouselList = z.object({ images: z.array(CarouselImage) });

const imageUrl = z
  .string({ error: t.imageUrlRequired })
  .trim()
  .min(1, t.imageUrlRequired)
  .max(2000)
  .regex(WEB_OR_SITE_URL, t.imageUrlInvalid);
const linkUrl = optionalText(2000).refine((v) => v === null || WEB_OR_SITE_URL.test(v), t.linkUrlInvalid);

/** The carousel image form: image URL required and a URL (or an uploaded image); title and link optional. */
export const CarouselInput = z.object({
  imageUrl,
  title: optionalText(120),
  linkUrl,
  isActive: z.boolean().default(true),
});
export type CarouselInput = z.input<typeof CarouselInput>;

export const CarouselPatch = z
  .object({ imageUrl, title: optionalText(120), linkUrl, isActive: z.boolean() })
  .partial();
export type CarouselPatch = z.input<typeof CarouselPatch>;

export const CarouselMoveInput = z.object({ direction: z.enum(['up', 'down']) });
export const UploadedImage = z.object({ url: z.string() });
