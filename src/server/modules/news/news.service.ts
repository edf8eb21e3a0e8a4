import { and, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type {
  ManagedArticle,
  ManagedNewsList,
  NewsArticle,
  NewsArticleSummary,
  NewsList,
} from '../../../shared/contracts/news';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { readingMinutes, summaryOf } from '../../../shared/markdown';
import { NEWS_TEXTS } from '../../../shared/texts/news';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { badRequest, forbidden, notFound, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { recordStaffAction } from '../audit/audit.service';
import {
  type ArticleForDiscord,
  announceArticlePublished,
  DELIVER_JOB,
  publishDelivery,
  sendNewsToDiscord,
  siteInfo,
} from '../discord/outbox.service';
import { canEditArticle, canPublishArticle, newsRightsOf } from './news.policy';
import { newsArticles, newsSlugRedirects } from './news.table';
import { freeSlug, isSlugClash } from './slug';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'jobs' | 'config'>;
type Row = typeof newsArticles.$inferSelect;
type Input = {
  title: string;
  content: string;
  excerpt: string | null;
  featuredImage: string | null;
  isPublished: boolean;
  isFeatured: boolean;
};

const columns = { a: newsArticles, author: { fullName: profiles.fullName, email: profiles.email } };

async function selectArticles(db: DbOrTx, where: SQL | undefined, limit?: number) {
  const q = db
    .select(columns)
    .from(newsArticles)
    .leftJoin(profiles, eq(profiles.id, newsArticles.authorId))
    .where(where)
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.createdAt));
  return limit ? q.limit(limit) : q;
}

type Joined = Awaited<ReturnType<typeof selectArticles>>[number];

function toSummary({ a, author }: Joined): NewsArticleSummary {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    summary: a.summary,
    featuredImage: a.featuredImage,
    isFeatured: a.isFeatured,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    readingMinutes: a.readingMinutes,
    author: author?.email ? { id: a.authorId, name: displayNameOf(author) } : null,
  };
}

const toArticle = (j: Joined): NewsArticle => ({
  ...toSummary(j),
  content: j.a.content,
  excerpt: j.a.excerpt,
});

const published = eq(newsArticles.isPublished, true);

/** /news (the same for every visitor): up to 2 featured stories, newest first, then the rest newest first. */
export async function listPublishedNews(db: DbOrTx): Promise<NewsList> {
  const featured = await selectArticles(
    db,
    and(published, eq(newsArticles.isFeatured, true)),
    LIMITS.newsFeaturedMax,
  );
  const ids = featured.map((f) => f.a.id);
  const latest = await selectArticles(
    db,
    and(published, ids.length ? notInArray(newsArticles.id, ids) : undefined),
    100,
  );
  return { featured: featured.map(toSummary), latest: latest.map(toSummary) };
}

/** The newest published articles, for the RSS feed. */
export async function listFeedArticles(db: DbOrTx, limit: number = LIMITS.newsRssItems) {
  return (await selectArticles(db, published, limit)).map(toArticle);
}

/** Every published article's address and last change, for the sitemap (newest first, at most 5,000). */
export async function listSitemapArticles(db: DbOrTx) {
  return db
    .select({ slug: newsArticles.slug, updatedAt: newsArticles.updatedAt })
    .from(newsArticles)
    .where(published)
    .orderBy(desc(newsArticles.publishedAt))
    .limit(5000);
}

/** A published article by its slug, or by a slug it had before (the answer then carries the new slug). */
export async function findPublishedBySlug(db: DbOrTx, slug: string): Promise<NewsArticle | null> {
  const [direct] = await selectArticles(db, and(published, eq(newsArticles.slug, slug)), 1);
  if (direct) return toArticle(direct);
  const [moved] = await db
    .select({ articleId: newsSlugRedirects.articleId })
    .from(newsSlugRedirects)
    .where(eq(newsSlugRedirects.slug, slug));
  if (!moved) return null;
  const [article] = await selectArticles(db, and(published, eq(newsArticles.id, moved.articleId)), 1);
  return article ? toArticle(article) : null;
}

export async function getPublishedBySlug(db: DbOrTx, slug: string) {
  const article = await findPublishedBySlug(db, slug);
  if (!article) throw notFound(NEWS_TEXTS.notFound);
  return article;
}

/** News management: every article, with what the caller may do with each. */
export async function listManagedNews(db: DbOrTx, actor: Actor): Promise<ManagedNewsList> {
  const rights = newsRightsOf(actor.access);
  // Drafts (no published date: NULLs come first in a descending order), then newest publication first.
  const rows = await selectArticles(db, undefined);
  return {
    articles: rows.map((j) => toManaged(j, actor)),
    rights: { canCreate: rights.create, canPublish: rights.publish },
  };
}

function toManaged(j: Joined, actor: Actor): ManagedArticle {
  const rights = newsRightsOf(actor.access);
  return {
    ...toArticle(j),
    isPublished: j.a.isPublished,
    createdAt: j.a.createdAt.toISOString(),
    canEdit: canEditArticle(rights, actor.userId, j.a),
    canPublish: canPublishArticle(rights, actor.userId, j.a),
  };
}

async function managedOne(db: DbOrTx, id: string, actor: Actor) {
  const [j] = await selectArticles(db, eq(newsArticles.id, id), 1);
  if (!j) throw notFound(NEWS_TEXTS.notFound);
  return toManaged(j, actor);
}

const derived = (v: Pick<Input, 'content' | 'excerpt'>) => ({
  summary: summaryOf(v, LIMITS.newsExcerptChars),
  readingMinutes: readingMinutes(v.content),
});

/** Runs a write that takes a slug, again with a fresh slug when a concurrent writer took the same one. */
async function withFreeSlug<T>(ctx: Ctx, fn: (db: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(fn);
    } catch (err) {
      if (!isSlugClash(err) || attempt >= 4) throw err;
    }
  }
}

function forDiscord({ a, author }: Joined): ArticleForDiscord {
  return {
    title: a.title,
    content: a.content,
    excerpt: a.excerpt,
    featuredImage: a.featuredImage,
    authorName: author?.email ? displayNameOf(author) : 'The newsroom',
    publishedAt: a.publishedAt,
    slug: a.slug,
  };
}

/**
 * An article's first publication is announced on Discord (when that announcement is switched on and a
 * webhook is saved), queued in the transaction that publishes it. Later re-publications are not.
 */
async function announceFirstPublication(ctx: Ctx, tx: DbOrTx, id: string) {
  const [j] = await selectArticles(tx, eq(newsArticles.id, id), 1);
  if (!j) return false;
  const site = await siteInfo({ db: tx, config: ctx.config });
  return (await announceArticlePublished(ctx, tx, forDiscord(j), site)) !== null;
}

async function announce(ctx: Ctx, id: string, wasOrIsPublic: boolean, queuedForDiscord = false) {
  if (queuedForDiscord) ctx.jobs.wake(DELIVER_JOB);
  await ctx.realtime.publish(
    wasOrIsPublic ? topics.public : topics.capability('news.manage'),
    EVENT_TYPES.newsChanged,
    { id },
  );
}

/** Writes an article (fields trimmed, empty excerpt and image null). Published now when ticked. */
export async function createArticle(ctx: Ctx, actor: Actor, input: Input) {
  const rights = newsRightsOf(actor.access);
  if (!rights.create) throw forbidden(NEWS_TEXTS.cannotCreate);
  if ((input.isPublished || input.isFeatured) && !rights.publish) throw forbidden(NEWS_TEXTS.cannotPublish);
  const now = new Date();
  let queued = false;
  const id = await withFreeSlug(ctx, async (tx) => {
    const slug = await freeSlug(tx, input.title, null);
    const [row] = await tx
      .insert(newsArticles)
      .values({
        ...input,
        ...derived(input),
        slug,
        authorId: actor.userId,
        publishedAt: input.isPublished ? now : null,
        firstPublishedAt: input.isPublished ? now : null,
      })
      .returning({ id: newsArticles.id });
    queued = input.isPublished && (await announceFirstPublication(ctx, tx, row.id));
    return row.id;
  });
  await announce(ctx, id, input.isPublished, queued);
  return managedOne(ctx.db, id, actor);
}

async function loadForChange(db: DbOrTx, id: string): Promise<Row> {
  requireUuid(id, NEWS_TEXTS.notFound);
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  if (!row) throw notFound(NEWS_TEXTS.notFound);
  return row;
}

/**
 * Publication rules: publishing sets published_at to now, unpublishing clears it; saving
 * the edit form with the published box ticked sets it to now again. Changing either flag needs the
 * right to publish this article; without it the flags stay as they are.
 */
function publication(
  before: Row,
  next: { isPublished?: boolean; isFeatured?: boolean },
  mayPublish: boolean,
  republish: boolean,
) {
  const isPublished = next.isPublished ?? before.isPublished;
  const isFeatured = next.isFeatured ?? before.isFeatured;
  if ((isPublished !== before.isPublished || isFeatured !== before.isFeatured) && !mayPublish) {
    throw forbidden(NEWS_TEXTS.cannotPublish);
  }
  const now = new Date();
  const bump = isPublished && mayPublish && (republish || !before.isPublished);
  return {
    isPublished,
    isFeatured,
    publishedAt: isPublished ? (bump ? now : before.publishedAt) : null,
    firstPublishedAt: before.firstPublishedAt ?? (isPublished ? now : null),
  };
}

/** Saves the edit form. A public article that gets a new title gets a new slug; the old one redirects. */
export async function updateArticle(ctx: Ctx, actor: Actor, id: string, input: Input) {
  const rights = newsRightsOf(actor.access);
  const before = await loadForChange(ctx.db, id);
  if (!canEditArticle(rights, actor.userId, before)) throw forbidden(NEWS_TEXTS.notYours);
  const flags = publication(before, input, canPublishArticle(rights, actor.userId, before), true);
  const firstPublication = flags.isPublished && !before.firstPublishedAt;
  let queued = false;
  await withFreeSlug(ctx, async (tx) => {
    const slug = input.title === before.title ? before.slug : await freeSlug(tx, input.title, id);
    await tx
      .update(newsArticles)
      .set({ ...input, ...derived(input), ...flags, slug, updatedAt: new Date() })
      .where(eq(newsArticles.id, id));
    queued = firstPublication && (await announceFirstPublication(ctx, tx, id));
    if (slug === before.slug) return;
    // The article owns its new slug directly; its old one redirects once it has ever been public.
    await tx.delete(newsSlugRedirects).where(eq(newsSlugRedirects.slug, slug));
    if (flags.firstPublishedAt) {
      await tx.insert(newsSlugRedirects).values({ slug: before.slug, articleId: id }).onConflictDoNothing();
    }
  });
  await announce(ctx, id, before.isPublished || flags.isPublished, queued);
  return managedOne(ctx.db, id, actor);
}

/** The publish and feature toggles of the management list. */
export async function setArticleFlags(
  ctx: Ctx,
  actor: Actor,
  id: string,
  next: { isPublished?: boolean; isFeatured?: boolean },
) {
  const rights = newsRightsOf(actor.access);
  const before = await loadForChange(ctx.db, id);
  if (!canPublishArticle(rights, actor.userId, before)) {
    throw forbidden(rights.publish ? NEWS_TEXTS.notYours : NEWS_TEXTS.cannotPublish);
  }
  const flags = publication(before, next, true, false);
  const queued = await ctx.db.transaction(async (tx) => {
    await tx
      .update(newsArticles)
      .set({ ...flags, updatedAt: new Date() })
      .where(eq(newsArticles.id, id));
    return flags.isPublished && !before.firstPublishedAt && (await announceFirstPublication(ctx, tx, id));
  });
  await announce(ctx, id, before.isPublished || flags.isPublished, queued);
  return managedOne(ctx.db, id, actor);
}

export async function deleteArticle(ctx: Ctx, actor: Actor, id: string) {
  const before = await loadForChange(ctx.db, id);
  if (!canEditArticle(newsRightsOf(actor.access), actor.userId, before)) throw forbidden(NEWS_TEXTS.notYours);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(newsArticles).where(eq(newsArticles.id, id));
    await recordStaffAction(tx, {
      actor,
      action: 'news.delete',
      target: { type: 'news_article', id },
      summary: `Article “${before.title}”`,
      before: { title: before.title, isPublished: before.isPublished, authorId: before.authorId },
      after: null,
    });
  });
  await announce(ctx, id, before.isPublished);
}

/**
 * News management's 'Send to Discord': a published article, by someone who may publish it,
 * queued for the saved webhook with the news embed. Drafts are not sent: their link would lead nowhere.
 */
export async function sendArticleToDiscord(ctx: Ctx, actor: Actor, id: string) {
  const before = await loadForChange(ctx.db, id);
  if (!canPublishArticle(newsRightsOf(actor.access), actor.userId, before))
    throw forbidden(NEWS_TEXTS.notYours);
  if (!before.isPublished) throw badRequest(NEWS_TEXTS.sendDraft);
  const out = await ctx.db.transaction(async (tx) => {
    const [j] = await selectArticles(tx, eq(newsArticles.id, id), 1);
    if (!j) throw notFound(NEWS_TEXTS.notFound);
    const site = await siteInfo({ db: tx, config: ctx.config });
    return sendNewsToDiscord(ctx, tx, forDiscord(j), site, actor.userId);
  });
  ctx.jobs.wake(DELIVER_JOB);
  await publishDelivery(ctx, out.row);
  return { message: out.message, delivery: out.delivery };
}
