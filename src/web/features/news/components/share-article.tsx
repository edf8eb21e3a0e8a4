import type { NewsArticle } from '@shared/contracts/news';
import { cutText } from '@shared/excerpt';
import { LIMITS } from '@shared/limits';
import { NEWS_TEXTS } from '@shared/texts/news';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Share2 } from 'lucide-react';

/** Share: the device's share sheet when there is one, else the link copied to the clipboard. */
export function ShareArticle({ article }: { article: NewsArticle }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: article.title,
          text: cutText(article.summary, LIMITS.newsShareChars),
          url,
        });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(NEWS_TEXTS.urlCopied);
    } catch {
      toast.error('Could not copy the link. Copy it from the address bar.');
    }
  };
  return (
    <Button variant="secondary" size="sm" icon={<Share2 aria-hidden className="size-4" />} onClick={share}>
      Share
    </Button>
  );
}
