import { NEWS_TEXTS } from '@shared/texts/news';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { applyDocumentMeta } from '@web/app/document/document-meta';
import { IconLink } from '@web/components/icon-link';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { usePublicSettings } from '@web/features/settings/api';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useArticle } from '../api';
import { ArticleMeta } from '../components/article-meta';
import { MarkdownContent } from '../components/markdown-content';
import { ShareArticle } from '../components/share-article';

/**
 * /news/{slug}: the article with author, date, reading time and share. An unknown slug goes to
 * /news; an old slug is replaced by the article's current one.
 */
export default function ArticlePage() {
  const { slug = '' } = useParams();
  const article = useArticle(slug);
  const navigate = useNavigate();
  const current = article.data?.slug;

  useEffect(() => {
    if (current && current !== slug) navigate(`/news/${current}`, { replace: true });
  }, [current, slug, navigate]);

  const { siteTitle } = usePublicSettings();
  const a = article.data;
  useEffect(() => {
    if (!a) return;
    applyDocumentMeta({
      title: `${a.title} · ${siteTitle}`,
      ogTitle: a.title,
      ogDescription: a.summary,
      ogImage: a.featuredImage ?? '/station-art.svg',
    });
  }, [a, siteTitle]);

  if (!a && article.isPending) return <LoadingState label={NEWS_TEXTS.loading} />;
  if (!a) {
    if (isApiError(article.error) && article.error.status === 404) return <Navigate to="/news" replace />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert>{errorMessage(article.error)}</Alert>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <IconLink
        to="/news"
        icon={ArrowLeft}
        className="inline-flex items-center gap-1.5 text-pink-300 text-sm hover:underline"
      >
        All news
      </IconLink>
      <header className="mt-4 mb-6">
        <h1 className="break-words font-extrabold text-3xl text-white leading-tight tracking-tight sm:text-4xl">
          {a.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <ArticleMeta article={a} />
          <ShareArticle article={a} />
        </div>
      </header>
      {a.featuredImage ? (
        <img
          src={a.featuredImage}
          alt=""
          className="mb-6 max-h-[28rem] w-full rounded-2xl border border-slate-700/80 object-cover"
        />
      ) : null}
      {a.excerpt ? <p className="mb-2 text-lg text-slate-300 italic">{a.excerpt}</p> : null}
      <MarkdownContent source={a.content} />
    </article>
  );
}
