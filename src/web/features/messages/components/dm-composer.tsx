import { DM_MAX_LENGTH } from '@shared/contracts/messages';
import { CHAT_TEXTS } from '@shared/texts/chat';
import { MESSAGES_TEXTS } from '@shared/texts/messages';
import { errorMessage } from '@web/app/data/api-client';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useSendDirectMessage } from '../api';

/** The message box of a conversation: trimmed, never blank; on failure the text comes back with the error. */
export function DmComposer({ conversationId, onSent }: { conversationId: string; onSent: () => void }) {
  const send = useSendDirectMessage(conversationId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setText('');
    try {
      await send.mutateAsync(content);
      onSent();
    } catch (err) {
      setText((now) => (now === '' ? content : now));
      setError(errorMessage(err, CHAT_TEXTS.sendFailed));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2">
      {error ? (
        <p role="alert" className="text-red-300 text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <Input
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          placeholder={MESSAGES_TEXTS.placeholder}
          aria-label="Message"
          maxLength={DM_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="send"
          className="min-w-0 flex-1"
        />
        <Button
          type="submit"
          aria-label="Send message"
          disabled={text.trim().length === 0}
          busy={send.isPending}
          icon={send.isPending ? undefined : <SendHorizontal aria-hidden className="size-4" />}
          className="w-10 px-0"
        />
      </div>
    </form>
  );
}
