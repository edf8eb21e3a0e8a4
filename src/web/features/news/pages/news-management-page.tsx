import type { ManagedArticle } from '@shared/contracts/news';
import { ACCESS_TEXTS } from '@shared/texts/common';
import { DISCORD_TEXTS } from '@shared/texts/discord';
import { NEWS_TEXTS } from '@shared/texts/news';
import { hasCapability } from '@web/app/capabilities';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { AccessDenied } from '@web/components/access-denied';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Newspaper, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  useDeleteArticle,
  useDiscordShareOutcome,
  useManagedNews,
  useSendArticleToDiscord,
  useSetArticleFlags,
} from '../api';
import { ManagedArticleRow } from '../components/managed-article-row';
import { NewsArticleForm } from '../components/news-article-form';

type Editing = { mode: 'new' } | { mode: 'edit'; article: ManagedArticle } | null;

/** /news-management: admins and news reporters write, publish, feature and delete articles. */
export default function NewsManagementPage() {
  const { me } = useMe();
  const allowed = hasCapability(me, 'news.manage');
  const news = useManagedNews(allowed);
  const flags = useSetArticleFlags();
  const remove = useDeleteArticle();
  const discord = useSendArticleToDiscord();
  const [editing, setEditing] = useState<Editing>(null);
  const formRef = useRef<HTMLDivElement>(null);
  // The send answers 'queued'; sent or failed follows over the event stream.
  const watchShare = useDiscordShareOutcome((d) =>
    d.status === 'sent'
      ? toast.success(DISCORD_TEXTS.newsSent)
      : toast.error(DISCORD_TEXTS.newsFailed, d.error ? { description: d.error } : undefined),
  );

  if (!allowed) return <AccessDenied message={ACCESS_TEXTS.newsReporterRequired} />;

  const open = (next: Editing) => {
    setEditing(next);
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  const onToggle = (a: ManagedArticle, flag: 'isPublished' | 'isFeatured') =>
    flags.mutate(
      { id: a.id, [flag]: !a[flag] },
      {
        onSuccess: ({ article }) =>
          toast.success(
            flag === 'isPublished'
              ? `"${article.title}" is ${article.isPublished ? 'published' : 'a draft again'}.`
              : `"${article.title}" is ${article.isFeatured ? 'featured' : 'no longer featured'}.`,
          ),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  const onDelete = (a: ManagedArticle) => {
    if (!window.confirm(NEWS_TEXTS.confirmDelete)) return;
    remove.mutate(a.id, {
      onSuccess: () => {
        toast.success(`"${a.title}" was deleted.`);
        if (editing?.mode === 'edit' && editing.article.id === a.id) setEditing(null);
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  // The server answers with its own texts (webhook not configured, invalid URL); a failed request gets the
  // generic failure text.
  const onSendToDiscord = (a: ManagedArticle) =>
    discord.mutate(a.id, {
      onSuccess: (out) => {
        toast(out.message);
        watchShare(out.delivery);
      },
      onError: (err) =>
        toast.error(
          isApiError(err) && err.status >= 400 && err.status < 500 ? err.message : DISCORD_TEXTS.newsFailed,
        ),
    });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-extrabold text-3xl text-white tracking-tight">News Management</h1>
          <p className="mt-1 text-slate-300">Write, publish and feature the station's news.</p>
        </div>
        {news.data?.rights.canCreate ? (
          <Button icon={<Plus aria-hidden className="size-4" />} onClick={() => open({ mode: 'new' })}>
            New Article
          </Button>
        ) : null}
      </header>

      <div ref={formRef} className="scroll-mt-24">
        {editing && news.data ? (
          <Card className="mb-8 p-5 sm:p-6">
            <NewsArticleForm
              key={editing.mode === 'edit' ? editing.article.id : 'new'}
              article={editing.mode === 'edit' ? editing.article : undefined}
              canPublish={editing.mode === 'edit' ? editing.article.canPublish : news.data.rights.canPublish}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          </Card>
        ) : null}
      </div>

      {news.isPending ? (
        <LoadingState label={NEWS_TEXTS.loading} />
      ) : news.isError ? (
        <Alert>{errorMessage(news.error)}</Alert>
      ) : news.data.articles.length === 0 ? (
        <EmptyState
          icon={<Newspaper aria-hidden className="size-7" />}
          title={NEWS_TEXTS.empty}
          body="Write the first article with New Article."
        />
      ) : (
        <ul
          aria-label="Articles"
          className="divide-y divide-slate-700 overflow-hidden rounded-xl border border-slate-700 bg-slate-900/70"
        >
          {news.data.articles.map((a) => (
            <ManagedArticleRow
              key={a.id}
              article={a}
              busy={
                (flags.isPending && flags.variables?.id === a.id) ||
                (remove.isPending && remove.variables === a.id)
              }
              onToggle={onToggle}
              onEdit={(article) => open({ mode: 'edit', article })}
              onDelete={onDelete}
              onSendToDiscord={onSendToDiscord}
              sending={discord.isPending && discord.variables === a.id}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
