import type { NewsArticleSummary } from '@shared/contracts/news';
import { NEWS_TEXTS } from '@shared/texts/news';
import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Newspaper, Rss } from 'lucide-react';
import { useNewsList } from '../api';
import { ArticleCard } from '../components/article-card';

/** One group of article cards under its heading; nothing while the group is empty. */
function ArticleSection({
  id,
  title,
  titleClassName,
  gridClassName,
  articles,
  featured = false,
}: {
  id: string;
  title: string;
  titleClassName: string;
  gridClassName: string;
  articles: NewsArticleSummary[];
  featured?: boolean;
}) {
  if (!articles.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      <div className={gridClassName}>
        {articles.map((a) => (
          <ArticleCard key={a.id} article={a} featured={featured} />
        ))}
      </div>
    </section>
  );
}

/** /news: published articles, at most two featured stories first, then the newest. */
export default function NewsPage() {
  const news = useNewsList();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-extrabold text-3xl text-white tracking-tight sm:text-4xl">
            {NEWS_TEXTS.title}
          </h1>
          <p className="mt-1 text-slate-300">What is happening at the station.</p>
        </div>
        <a
          href="/news/rss.xml"
          className="inline-flex items-center gap-2 rounded-lg border border-slate-700 px-3 py-2 text-slate-200 text-sm transition hover:border-pink-400/60 hover:text-white"
        >
          <Rss aria-hidden className="size-4 text-amber-400" />
          RSS feed
        </a>
      </header>
      {news.isPending ? (
        <LoadingState label={NEWS_TEXTS.loading} />
      ) : news.isError ? (
        <Alert>{errorMessage(news.error)}</Alert>
      ) : news.data.featured.length + news.data.latest.length === 0 ? (
        <EmptyState
          icon={<Newspaper aria-hidden className="size-7" />}
          title={NEWS_TEXTS.empty}
          body={NEWS_TEXTS.emptyBody}
        />
      ) : (
        <div className="flex flex-col gap-10">
          <ArticleSection
            id="featured-heading"
            title="Featured stories"
            titleClassName="sr-only"
            gridClassName="grid gap-6 lg:grid-cols-2"
            articles={news.data.featured}
            featured
          />
          <ArticleSection
            id="latest-heading"
            title="Latest news"
            titleClassName="mb-4 font-bold text-white text-xl"
            gridClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            articles={news.data.latest}
          />
        </div>
      )}
    </div>
  );
}
