import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn, uuidRefColumn } from '../../db/columns';
import { profiles } from '../accounts/accounts.table';

/**
 * News articles. The slug is stored (unique) and derived from the title; content is
 * Markdown. published_at is set when an article is published and cleared when it is unpublished.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: idColumn(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    /** The excerpt, else the start of the text, cut at 200 characters (kept so lists need no body). */
    summary: text('summary').notNull(),
    /** Words / 200, rounded up, kept with the content it was counted from. */
    readingMinutes: integer('reading_minutes').notNull(),
    featuredImage: text('featured_image'),
    authorId: text('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When it was first published; never cleared (its slugs are public from then on). */
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('news_articles_slug_uq').on(t.slug),
    index('news_articles_published_idx').on(t.publishedAt.desc()).where(sql`${t.isPublished}`),
  ],
);

/** Slugs an article had while it was public: /news/{old slug} redirects to the article's current slug. */
export const newsSlugRedirects = pgTable(
  'news_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    articleId: uuidRefColumn('article_id', () => newsArticles.id),
    createdAt: createdAtColumn(),
  },
  (t) => [index('news_slug_redirects_article_idx').on(t.articleId)],
);
