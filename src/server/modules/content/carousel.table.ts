import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../accounts/accounts.table';

/**
 * Homepage carousel images. display_order is unique: a reorder swaps two positions inside
 * one transaction, so no two images ever share a position, even under concurrent reorders.
 */
export const carouselImages = pgTable(
  'carousel_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    imageUrl: text('image_url').notNull(),
    title: text('title'),
    linkUrl: text('link_url'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull(),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carousel_images_display_order_uq').on(t.displayOrder)],
);
