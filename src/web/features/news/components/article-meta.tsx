import type { NewsArticleSummary } from '@shared/contracts/news';
import { NEWS_TEXTS } from '@shared/texts/news';
import { formatDay } from '@web/app/format-date';
import { clsx } from 'clsx';
import { CalendarDays, Clock, UserRound } from 'lucide-react';

/** Author, date and reading time of an article, on one wrapping line. */
export function ArticleMeta({
  article,
  className,
}: {
  article: Pick<NewsArticleSummary, 'author' | 'publishedAt' | 'readingMinutes'>;
  className?: string;
}) {
  return (
    <p className={clsx('flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-400 text-sm', className)}>
      {article.author ? (
        <span className="inline-flex items-center gap-1.5">
          <UserRound aria-hidden className="size-4" />
          {article.author.name}
        </span>
      ) : null}
      {article.publishedAt ? (
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays aria-hidden className="size-4" />
          <time dateTime={article.publishedAt}>{formatDay(article.publishedAt)}</time>
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1.5" data-testid="reading-time">
        <Clock aria-hidden className="size-4" />
        {NEWS_TEXTS.readingTime(article.readingMinutes)}
      </span>
    </p>
  );
}
