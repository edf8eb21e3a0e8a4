import { NEWS_TEXTS } from '@shared/texts/news';
import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Newspaper, Rss } from 'lucide-react';
import { useNewsList } from '../api';
import { ArticleCard } from '../components/article-card';

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
          {news.data.featured.length ? (
            <section aria-labelledby="featured-heading">
              <h2 id="featured-heading" className="sr-only">
                Featured stories
              </h2>
              <div className="grid gap-6 lg:grid-cols-2">
                {news.data.featured.map((a) => (
                  <ArticleCard key={a.id} article={a} featured />
                ))}
              </div>
            </section>
          ) : null}
          {news.data.latest.length ? (
            <section aria-labelledby="latest-heading">
              <h2 id="latest-heading" className="mb-4 font-bold text-white text-xl">
                Latest news
              </h2>
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {news.data.latest.map((a) => (
                  <ArticleCard key={a.id} article={a} />
                ))}
              </div>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
