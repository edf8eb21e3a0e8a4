import { z } from 'zod';
import { NEWS_TEXTS } from '../texts/news';
import { optionalText, WEB_OR_SITE_URL } from './common';

const t = NEWS_TEXTS;

export const NewsArticleInput = z.object({
  title: z.string({ error: t.titleRequired }).trim().min(1, t.titleRequired).max(200),
  content: z.string({ error: t.contentRequired }).trim().min(1, t.contentRequired).max(50_000),
  excerpt: optionalText(500),
  featuredImage: optionalText(2000).refine((v) => v === null || WEB_OR_SITE_URL.test(v), t.imageUrlInvalid),
  isPublished: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
});
export type NewsArticleInput = z.input<typeof NewsArticleInput>;

/** The publish and feature toggles of the management list. */
export const NewsFlagsInput = z
  .object({ isPublished: z.boolean(), isFeatured: z.boolean() })
  .partial()
  .refine((v) => v.isPublished !== undefined || v.isFeatured !== undefined, 'Nothing to change');

const Author = z.object({ id: z.string().nullable(), name: z.string() }).nullable();

/** A published article as lists show it: no body, its summary (excerpt or start of the text). */
export const NewsArticleSummary = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  featuredImage: z.string().nullable(),
  isFeatured: z.boolean(),
  publishedAt: z.string().nullable(),
  readingMinutes: z.number().int(),
  author: Author,
});
export type NewsArticleSummary = z.infer<typeof NewsArticleSummary>;

/** /news: up to two featured stories, then the other published articles, newest first. */
export const NewsList = z.object({
  featured: z.array(NewsArticleSummary),
  latest: z.array(NewsArticleSummary),
});
export type NewsList = z.infer<typeof NewsList>;

/** One published article with its Markdown body (rendered safely by src/shared/markdown.ts). */
export const NewsArticle = NewsArticleSummary.extend({
  content: z.string(),
  excerpt: z.string().nullable(),
});
export type NewsArticle = z.infer<typeof NewsArticle>;

/** An article in news management, with what the caller may do with it. */
export const ManagedArticle = NewsArticle.extend({
  isPublished: z.boolean(),
  createdAt: z.string(),
  canEdit: z.boolean(),
  canPublish: z.boolean(),
});
export type ManagedArticle = z.infer<typeof ManagedArticle>;

export const NewsRights = z.object({
  /** May write new articles. */
  canCreate: z.boolean(),
  /** May publish and feature the articles they may edit. */
  canPublish: z.boolean(),
});
export type NewsRights = z.infer<typeof NewsRights>;

export const ManagedNewsList = z.object({ articles: z.array(ManagedArticle), rights: NewsRights });
export type ManagedNewsList = z.infer<typeof ManagedNewsList>;

export const SlugParam = z.object({ slug: z.string().min(1).max(200) });
