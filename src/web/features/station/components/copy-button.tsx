import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Copies `value` to the clipboard and says so for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(id);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error('Could not copy. Select the text and copy it yourself.');
    }
  };

  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      icon={
        copied ? (
          <Check aria-hidden className="size-4 text-emerald-400" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )
      }
      onClick={copy}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
