import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns';
import { profiles } from '../accounts/accounts.table';

/**
 * Homepage carousel images. display_order is unique: a reorder swaps two positions inside
 * one transaction, so no two images ever share a position, even under concurrent reorders.
 */
export const carouselImages = pgTable(
  'carousel_images',
  {
    id: idColumn(),
    imageUrl: text('image_url').notNull(),
    title: text('title'),
    linkUrl: text('link_url'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull(),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('carousel_images_display_order_uq').on(t.displayOrder)],
);
