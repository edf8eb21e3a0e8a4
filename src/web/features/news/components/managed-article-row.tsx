import type { ManagedArticle } from '@shared/contracts/news';
import { cutText } from '@shared/excerpt';
import { LIMITS } from '@shared/limits';
import { NEWS_TEXTS } from '@shared/texts/news';
import { formatDay } from '@web/app/format-date';
import { EditDeleteButtons } from '@web/components/edit-delete-buttons';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Switch } from '@web/components/ui/switch';
import { clsx } from 'clsx';
import { ExternalLink, Send, Star } from 'lucide-react';
import { Link } from 'react-router';

/** One article in news management: status, author, excerpt (150), toggles and actions as allowed. */
export function ManagedArticleRow({
  article: a,
  busy,
  onToggle,
  onEdit,
  onDelete,
  onSendToDiscord,
  sending = false,
}: {
  article: ManagedArticle;
  busy: boolean;
  onToggle: (a: ManagedArticle, flag: 'isPublished' | 'isFeatured') => void;
  onEdit: (a: ManagedArticle) => void;
  onDelete: (a: ManagedArticle) => void;
  onSendToDiscord: (a: ManagedArticle) => void;
  sending?: boolean;
}) {
  return (
    <li
      data-testid="managed-article"
      className={clsx('flex flex-col gap-3 p-4 sm:flex-row sm:items-start', busy && 'opacity-70')}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-semibold text-white">{a.title}</span>
          {a.isPublished ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}
          {a.isFeatured ? (
            <Badge tone="accent" icon={<Star aria-hidden className="size-3 fill-current" />}>
              Featured
            </Badge>
          ) : null}
        </p>
        <p className="mt-1 text-slate-400 text-xs">
          {[
            a.author ? `By ${a.author.name}` : 'Author unknown',
            a.publishedAt ? `published ${formatDay(a.publishedAt)}` : `written ${formatDay(a.createdAt)}`,
          ].join(' · ')}
        </p>
        <p className="mt-2 break-words text-slate-300 text-sm">
          {cutText(a.summary, LIMITS.newsAdminExcerptChars)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:max-w-xs sm:justify-end">
        {a.canPublish ? (
          <>
            <span className="flex items-center gap-2 text-slate-300 text-sm">
              <Switch
                checked={a.isPublished}
                tone="emerald"
                disabled={busy}
                aria-label={`Published: ${a.title}`}
                onChange={() => onToggle(a, 'isPublished')}
              />
              <span aria-hidden>Published</span>
            </span>
            <span className="flex items-center gap-2 text-slate-300 text-sm">
              <Switch
                checked={a.isFeatured}
                disabled={busy}
                aria-label={`Featured: ${a.title}`}
                onChange={() => onToggle(a, 'isFeatured')}
              />
              <span aria-hidden>Featured</span>
            </span>
          </>
        ) : null}
        {a.isPublished ? (
          <Link
            to={`/news/${a.slug}`}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-pink-300 text-sm hover:bg-white/5"
            aria-label={`View ${a.title}`}
          >
            <ExternalLink aria-hidden className="size-3.5" />
            View
          </Link>
        ) : null}
        {a.isPublished && a.canPublish ? (
          <Button
            size="sm"
            variant="secondary"
            busy={sending}
            icon={<Send aria-hidden className="size-3.5" />}
            aria-label={`${NEWS_TEXTS.sendToDiscord}: ${a.title}`}
            onClick={() => onSendToDiscord(a)}
          >
            Discord
          </Button>
        ) : null}
        {a.canEdit ? (
          <EditDeleteButtons name={a.title} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />
        ) : null}
      </div>
    </li>
  );
}
