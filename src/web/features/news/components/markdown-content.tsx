import { renderMarkdown } from '@shared/markdown';
import { clsx } from 'clsx';
import { useMemo } from 'react';

/**
 * An article body. The HTML comes from the shared renderer (markdown-it without raw HTML, links only
 * to http(s) or this site), never from the author directly, so it is safe to insert.
 */
export function MarkdownContent({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={clsx(
        'max-w-none break-words text-slate-200 leading-relaxed',
        '[&_a]:font-medium [&_a]:text-pink-300 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-pink-200',
        '[&_blockquote]:border-pink-500/60 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-slate-300 [&_blockquote]:italic',
        '[&_code]:rounded [&_code]:bg-slate-800 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-pink-200 [&_code]:text-sm',
        '[&_h1]:mt-8 [&_h1]:mb-3 [&_h1]:font-bold [&_h1]:text-2xl [&_h1]:text-white',
        '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:font-bold [&_h2]:text-white [&_h2]:text-xl',
        '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-lg [&_h3]:text-white',
        '[&_hr]:my-8 [&_hr]:border-slate-700',
        '[&_img]:my-4 [&_img]:max-h-[28rem] [&_img]:rounded-xl',
        '[&_li]:my-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6',
        '[&_p]:my-4 [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-950 [&_pre]:p-4',
        '[&_strong]:text-white',
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shared renderer allows no raw HTML and only safe links
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
