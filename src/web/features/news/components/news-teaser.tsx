import { cutText } from '@shared/excerpt';
import { LIMITS } from '@shared/limits';
import { NEWS_TEXTS } from '@shared/texts/news';
import { formatDay } from '@web/app/format-date';
import { Card } from '@web/components/ui/card';
import { ArrowRight, Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { useNewsList } from '../api';

/** Home: the latest 2 published articles with the excerpt (or the first 100 characters) and 'read more'. */
export function NewsTeaser({ className }: { className?: string }) {
  const news = useNewsList();
  const latest = [...(news.data?.featured ?? []), ...(news.data?.latest ?? [])]
    .sort((a, b) => Date.parse(b.publishedAt ?? '') - Date.parse(a.publishedAt ?? ''))
    .slice(0, LIMITS.newsHomeTeasers);
  return (
    <Card className={className}>
      <section
        aria-labelledby="home-news-heading"
        className="flex h-full flex-col p-5 sm:p-6"
        data-testid="home-news"
      >
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id="home-news-heading" className="flex items-center gap-2 font-bold text-white text-xl">
            <Newspaper aria-hidden className="size-5 text-pink-400" />
            {NEWS_TEXTS.title}
          </h2>
          <Link
            to="/news"
            className="inline-flex items-center gap-1 font-semibold text-pink-300 text-sm hover:underline"
          >
            All news
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        {news.isPending ? (
          <p className="text-slate-400 text-sm">{NEWS_TEXTS.loading}</p>
        ) : latest.length === 0 ? (
          <p className="text-slate-300">{NEWS_TEXTS.empty}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {latest.map((a) => (
              <li
                key={a.id}
                className="border-slate-700/80 border-b pb-4 last:border-b-0 last:pb-0"
                data-testid="home-news-item"
              >
                <h3 className="break-words font-semibold text-white">{a.title}</h3>
                {a.publishedAt ? <p className="text-slate-400 text-xs">{formatDay(a.publishedAt)}</p> : null}
                <p className="mt-1 break-words text-slate-300 text-sm">
                  {cutText(a.summary, LIMITS.newsHomeTeaserChars)}{' '}
                  <Link to={`/news/${a.slug}`} className="font-semibold text-pink-300 hover:underline">
                    {NEWS_TEXTS.readMore}
                    <span className="sr-only"> about {a.title}</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
