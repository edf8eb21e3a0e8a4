import type { NewsArticleSummary } from '@shared/contracts/news';
import { Badge } from '@web/components/ui/badge';
import { LazyImage } from '@web/components/ui/lazy-image';
import { clsx } from 'clsx';
import { Newspaper, Star } from 'lucide-react';
import { Link } from 'react-router';
import { ArticleMeta } from './article-meta';

/** An article in a list: picture, title, summary and meta; the whole card opens the article. */
export function ArticleCard({
  article,
  featured = false,
}: {
  article: NewsArticleSummary;
  featured?: boolean;
}) {
  return (
    <article
      data-testid="news-card"
      className={clsx(
        'group relative flex flex-col overflow-hidden rounded-2xl border bg-slate-900/70 transition hover:border-pink-400/50',
        featured ? 'border-pink-500/40' : 'border-slate-700/80',
      )}
    >
      <div
        className={clsx(
          'relative overflow-hidden bg-slate-800',
          featured ? 'aspect-[16/8]' : 'aspect-[16/9]',
        )}
      >
        <LazyImage
          src={article.featuredImage}
          className="size-full object-cover transition duration-500 group-hover:scale-[1.03]"
          fallback={
            <div className="flex size-full items-center justify-center bg-gradient-to-br from-indigo-950 via-violet-900/60 to-pink-900/50">
              <Newspaper aria-hidden className="size-12 text-white/40" />
            </div>
          }
        />
        {featured ? (
          <Badge
            tone="accent"
            icon={<Star aria-hidden className="size-3 fill-current" />}
            className="absolute top-3 left-3"
          >
            Featured
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className={clsx('font-bold text-white leading-snug', featured ? 'text-2xl' : 'text-lg')}>
          <Link
            to={`/news/${article.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-hover:text-pink-200"
          >
            {article.title}
          </Link>
        </h3>
        <p className="flex-1 break-words text-slate-300">{article.summary}</p>
        <ArticleMeta article={article} />
      </div>
    </article>
  );
}
