import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/input';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';

/** The reply input: blank text is not sent; on failure the text comes back with the exact message. */
export function ReplyBox({
  placeholder,
  send,
  failure,
  busy,
}: {
  placeholder: string;
  send: (content: string) => Promise<unknown>;
  failure: (reason: string) => string;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content) return;
    setText('');
    try {
      await send(content);
    } catch (err) {
      setText(content);
      toast.error(failure(errorMessage(err)));
    }
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <Textarea
        aria-label={placeholder}
        placeholder={placeholder}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void submit(e);
          }
        }}
        className="min-h-11 flex-1 resize-none"
      />
      <Button
        type="submit"
        disabled={!text.trim()}
        busy={busy}
        icon={<Send aria-hidden className="size-4" />}
      >
        Send
      </Button>
    </form>
  );
}
