import { asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { CarouselImage } from '../../../shared/contracts/carousel';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { PROFILE_TEXTS } from '../../../shared/texts/accounts';
import { CAROUSEL_TEXTS } from '../../../shared/texts/content';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound, requireUuid } from '../../infra/http/errors';
import type { Storage } from '../../infra/storage/storage';
import { sniffImage } from '../accounts/profile-picture.service';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { carouselImages } from './carousel.table';

type Ctx = Pick<AppContext, 'db' | 'realtime'> & { storage: Storage };
type Row = typeof carouselImages.$inferSelect;

/** Every change of the carousel's order takes this transaction-scoped lock, so they run one at a time. */
const ORDER_LOCK = 727_301;

const toImage = (r: Row): CarouselImage => ({
  id: r.id,
  imageUrl: r.imageUrl,
  title: r.title,
  linkUrl: r.linkUrl,
  isActive: r.isActive,
  displayOrder: r.displayOrder,
});

/** The home carousel (the same for every visitor): active images by display order. */
export async function listActiveCarousel(db: DbOrTx): Promise<CarouselImage[]> {
  const rows = await db
    .select()
    .from(carouselImages)
    .where(eq(carouselImages.isActive, true))
    .orderBy(asc(carouselImages.displayOrder));
  return rows.map(toImage);
}

/** The admin tab: every image by display order. */
export async function listAllCarousel(db: DbOrTx): Promise<CarouselImage[]> {
  return (await db.select().from(carouselImages).orderBy(asc(carouselImages.displayOrder))).map(toImage);
}

const changed = (ctx: Ctx) => ctx.realtime.publish(topics.public, EVENT_TYPES.carouselChanged, {});

async function lockOrder(tx: DbOrTx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORDER_LOCK})`);
}

/** A new image goes last: the highest display order plus 1, or 0 for the first. */
export async function addCarouselImage(
  ctx: Ctx,
  actorId: string,
  input: { imageUrl: string; title: string | null; linkUrl: string | null; isActive: boolean },
) {
  const row = await ctx.db.transaction(async (tx) => {
    await lockOrder(tx);
    const [last] = await tx
      .select({ order: carouselImages.displayOrder })
      .from(carouselImages)
      .orderBy(desc(carouselImages.displayOrder))
      .limit(1);
    const [created] = await tx
      .insert(carouselImages)
      .values({ ...input, displayOrder: last ? last.order + 1 : 0, createdBy: actorId })
      .returning();
    return created;
  });
  await changed(ctx);
  return toImage(row);
}

async function findImage(db: DbOrTx, id: string) {
  requireUuid(id, CAROUSEL_TEXTS.notFound);
  const [row] = await db.select().from(carouselImages).where(eq(carouselImages.id, id));
  if (!row) throw notFound(CAROUSEL_TEXTS.notFound);
  return row;
}

export async function updateCarouselImage(
  ctx: Ctx,
  id: string,
  patch: { imageUrl?: string; title?: string | null; linkUrl?: string | null; isActive?: boolean },
) {
  const before = await findImage(ctx.db, id);
  const [row] = await ctx.db
    .update(carouselImages)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(carouselImages.id, id))
    .returning();
  if (!row) throw notFound(CAROUSEL_TEXTS.notFound);
  if (patch.imageUrl && patch.imageUrl !== before.imageUrl) await ctx.storage.remove(before.imageUrl);
  await changed(ctx);
  return toImage(row);
}

/**
 * Swaps the image's position with its neighbour's (up: the one before it; down: the one after), never
 * past either end. Under the order lock, inside one transaction; the unique index on display_order
 * guarantees that no two images ever share a position.
 */
export async function moveCarouselImage(ctx: Ctx, id: string, direction: 'up' | 'down') {
  requireUuid(id, CAROUSEL_TEXTS.notFound);
  const moved = await ctx.db.transaction(async (tx) => {
    await lockOrder(tx);
    const [image] = await tx.select().from(carouselImages).where(eq(carouselImages.id, id));
    if (!image) throw notFound(CAROUSEL_TEXTS.notFound);
    const [neighbour] = await tx
      .select()
      .from(carouselImages)
      .where(
        direction === 'up'
          ? lt(carouselImages.displayOrder, image.displayOrder)
          : gt(carouselImages.displayOrder, image.displayOrder),
      )
      .orderBy(direction === 'up' ? desc(carouselImages.displayOrder) : asc(carouselImages.displayOrder))
      .limit(1);
    if (!neighbour) return false;
    // A free negative position first, so the unique index holds at every step.
    await tx
      .update(carouselImages)
      .set({ displayOrder: -1 - image.displayOrder })
      .where(eq(carouselImages.id, image.id));
    await tx
      .update(carouselImages)
      .set({ displayOrder: image.displayOrder, updatedAt: new Date() })
      .where(eq(carouselImages.id, neighbour.id));
    await tx
      .update(carouselImages)
      .set({ displayOrder: neighbour.displayOrder, updatedAt: new Date() })
      .where(eq(carouselImages.id, image.id));
    return true;
  });
  if (moved) await changed(ctx);
  return listAllCarousel(ctx.db);
}

export async function deleteCarouselImage(ctx: Ctx, id: string, actor: StaffActor = { system: 'The app' }) {
  const before = await findImage(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(carouselImages)
      .where(eq(carouselImages.id, id))
      .returning({ id: carouselImages.id });
    if (rows.length === 0) throw notFound(CAROUSEL_TEXTS.notFound);
    await recordStaffAction(tx, {
      actor,
      action: 'carousel.delete',
      target: { type: 'carousel_image', id },
      summary: `Carousel image ${before.title ?? before.imageUrl}`,
      before: { title: before.title, imageUrl: before.imageUrl, linkUrl: before.linkUrl },
      after: null,
    });
  });
  await ctx.storage.remove(before.imageUrl);
  await changed(ctx);
}

/** An uploaded carousel image: checked by content (like profile pictures), at most 1920×1080, WebP. */
export async function storeCarouselUpload(storage: Storage, bytes: Buffer) {
  if (bytes.length > LIMITS.imageUploadMaxBytes) throw badRequest(CAROUSEL_TEXTS.imageTooLarge);
  if (!sniffImage(bytes)) throw badRequest(PROFILE_TEXTS.pictureNotImage);
  let resized: Buffer;
  try {
    resized = await sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
      .rotate()
      .resize(1920, 1080, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(PROFILE_TEXTS.pictureNotImage);
  }
  return { url: await storage.put('carousel', 'slide', 'webp', resized) };
}
