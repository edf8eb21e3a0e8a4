import { and, eq, like, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newsArticles, newsSlugRedirects } from './news.table';

const MAX_SLUG = 80;

/**
 * The slug rule: the lowercased title with runs of non-alphanumerics turned into hyphens and
 * edge hyphens trimmed. Accents are dropped first (é → e) so a French title keeps its words.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug || 'article';
}

/**
 * The first free slug for `title`: the base, else base-2, base-3… A slug is taken when another article
 * has it or once had it (an old slug keeps redirecting to its article). The unique index on
 * news_articles.slug settles races; callers retry on a clash.
 */
export async function freeSlug(db: DbOrTx, title: string, selfId: string | null): Promise<string> {
  const base = slugify(title);
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const notSelfArticle = selfId ? ne(newsArticles.id, selfId) : undefined;
  const notSelfRedirect = selfId ? ne(newsSlugRedirects.articleId, selfId) : undefined;
  const articles = await db
    .select({ slug: newsArticles.slug })
    .from(newsArticles)
    .where(and(or(eq(newsArticles.slug, base), like(newsArticles.slug, pattern)), notSelfArticle));
  const redirects = await db
    .select({ slug: newsSlugRedirects.slug })
    .from(newsSlugRedirects)
    .where(and(or(eq(newsSlugRedirects.slug, base), like(newsSlugRedirects.slug, pattern)), notSelfRedirect));
  const taken = new Set([...articles, ...redirects].map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** True for the unique violation PostgreSQL raises when two writers took one slug at once. */
export function isSlugClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'news_articles_slug_uq');
}
