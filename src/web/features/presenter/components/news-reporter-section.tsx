import { NEWS_TEXTS } from '@shared/texts/news';
import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { useManagedNews } from '@web/features/news/api';
import { NewsArticleForm } from '@web/features/news/components/news-article-form';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionHeader } from './section-header';

/**
 * The News Reporter section: the add-article form (title, excerpt, featured image URL, content, publish
 * immediately, featured; Create and Cancel) of news management, and the way to the full list. Shown to
 * news.manage holders (news reporters, admins); the news routes guard the data.
 */
export function NewsReporterSection() {
  const news = useManagedNews();
  // Cancel empties the form: a fresh form is mounted in its place.
  const [formKey, setFormKey] = useState(0);
  return (
    <div>
      <SectionHeader
        title="News Reporter"
        description="Write and publish station news."
        action={
          <Link to="/news-management" className="font-semibold text-pink-300 text-sm hover:text-pink-200">
            All articles
          </Link>
        }
      />
      {news.isPending ? (
        <LoadingState label={NEWS_TEXTS.loading} />
      ) : news.isError ? (
        <Alert>{errorMessage(news.error)}</Alert>
      ) : (
        <Card className="p-5 sm:p-6">
          <NewsArticleForm
            key={formKey}
            compact
            canPublish={news.data.rights.canPublish}
            onCancel={() => setFormKey((k) => k + 1)}
          />
        </Card>
      )}
    </div>
  );
}
