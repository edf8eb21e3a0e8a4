import { zodResolver } from '@hookform/resolvers/zod';
import { type ManagedArticle, NewsArticleInput } from '@shared/contracts/news';
import { NEWS_TEXTS } from '@shared/texts/news';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input, Textarea } from '@web/components/ui/input';
import { clsx } from 'clsx';
import { Plus, Save } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateArticle, useUpdateArticle } from '../api';

type FormIn = z.input<typeof NewsArticleInput>;
type FormOut = z.output<typeof NewsArticleInput>;
const FIELDS = ['title', 'excerpt', 'featuredImage', 'content'] as const;

const valuesOf = (a?: ManagedArticle): FormIn => ({
  title: a?.title ?? '',
  excerpt: a?.excerpt ?? '',
  featuredImage: a?.featuredImage ?? '',
  content: a?.content ?? '',
  isPublished: a?.isPublished ?? false,
  isFeatured: a?.isFeatured ?? false,
});

/**
 * Writes or edits an article: title, excerpt, featured image URL, content (Markdown), publish
 * immediately and featured; Create (or Save) and Cancel. Used by /news-management and, `compact`, by the
 * presenter panel's News Reporter section. The publish and featured boxes show only to those who may
 * publish (the server checks again).
 */
export function NewsArticleForm({
  article,
  canPublish,
  compact = false,
  onSaved,
  onCancel,
  className,
}: {
  /** The article to edit; a new one when absent. */
  article?: ManagedArticle;
  canPublish: boolean;
  compact?: boolean;
  onSaved?: (article: ManagedArticle) => void;
  onCancel?: () => void;
  className?: string;
}) {
  const id = useId();
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const editing = Boolean(article);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(NewsArticleInput),
    defaultValues: valuesOf(article),
  });
  const { errors } = form.formState;
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = article
        ? (await update.mutateAsync({ id: article.id, input: values })).article
        : (await create.mutateAsync(values)).article;
      toast.success(article ? 'Article saved.' : saved.isPublished ? 'Article published.' : 'Draft saved.');
      if (!article) form.reset(valuesOf());
      onSaved?.(saved);
    } catch (err) {
      toast.error(article ? NEWS_TEXTS.saveFailed : NEWS_TEXTS.createFailed);
      applyServerError(form.setError, err, FIELDS);
    }
  });

  const field = (name: (typeof FIELDS)[number]) => ({
    ...describedBy(`${id}-${name}`, errors[name]?.message),
    ...form.register(name),
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className={clsx('flex flex-col', compact ? 'gap-3' : 'gap-4', className)}
      data-testid="news-article-form"
    >
      <h3
        id={`${id}-heading`}
        className={clsx('font-semibold text-white', compact ? 'text-base' : 'text-lg')}
      >
        {editing ? 'Edit Article' : 'New Article'}
      </h3>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
        <Input autoComplete="off" data-autofocus {...field('title')} />
      </Field>
      <Field id={`${id}-excerpt`} label="Excerpt (optional)" error={errors.excerpt?.message}>
        <Textarea rows={2} {...field('excerpt')} />
      </Field>
      <Field
        id={`${id}-featuredImage`}
        label="Featured image URL (optional)"
        error={errors.featuredImage?.message}
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://…"
          autoComplete="off"
          {...field('featuredImage')}
        />
      </Field>
      <Field
        id={`${id}-content`}
        label="Content"
        error={errors.content?.message}
        hint="Markdown: **bold**, *italic*, [link](https://…), # heading, - list. HTML is shown as text."
      >
        <Textarea
          rows={compact ? 6 : 12}
          className="font-mono"
          {...describedBy(`${id}-content`, errors.content?.message, true)}
          {...form.register('content')}
        />
      </Field>
      {canPublish ? (
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-slate-200 text-sm">
            <input type="checkbox" className="size-4 accent-pink-500" {...form.register('isPublished')} />
            {editing ? 'Published' : 'Publish immediately'}
          </label>
          <label className="flex items-center gap-2 text-slate-200 text-sm">
            <input type="checkbox" className="size-4 accent-pink-500" {...form.register('isFeatured')} />
            Featured
          </label>
        </div>
      ) : (
        <p className="text-slate-400 text-sm">{NEWS_TEXTS.cannotPublish}</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          busy={busy}
          icon={editing ? <Save aria-hidden className="size-4" /> : <Plus aria-hidden className="size-4" />}
        >
          {editing ? 'Save' : 'Create'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
