import { CHAT_MAX_LENGTH } from '@shared/contracts/chat';
import { CHAT_TEXTS } from '@shared/texts/chat';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Megaphone, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useSendChatMessage } from '../api';
import { MentionInput } from './mention-input';

/**
 * The chat input. Blank text is never sent; the text is trimmed; a send in flight blocks another;
 * on failure the toast says 'Failed to send message' (with the server's reason) and the text comes back.
 * `mode='widget'` leaves `asPresenter` out (the server flags staff authors itself); the page sends
 * false for 'Send' and true for 'Send as Presenter'. `@` and a few letters autocomplete a member's name.
 */
export function ChatComposer({
  mode,
  canSendAsPresenter = false,
  onSent,
}: {
  mode: 'page' | 'widget';
  canSendAsPresenter?: boolean;
  onSent?: () => void;
}) {
  const send = useSendChatMessage();
  const [text, setText] = useState('');
  const inFlight = useRef(false);
  const [busy, setBusy] = useState<'plain' | 'presenter' | null>(null);
  const blank = text.trim().length === 0;
  const page = mode === 'page';

  const submit = async (asPresenter: boolean) => {
    const content = text.trim();
    if (!content || inFlight.current) return;
    inFlight.current = true;
    setBusy(asPresenter ? 'presenter' : 'plain');
    setText('');
    try {
      await send.mutateAsync(page ? { content, asPresenter } : { content });
      onSent?.();
    } catch (err) {
      setText((now) => (now === '' ? content : now));
      const reason = errorMessage(err, '');
      toast.error(
        CHAT_TEXTS.sendFailed,
        reason && reason !== CHAT_TEXTS.sendFailed ? { description: reason } : undefined,
      );
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(false);
  };

  const placeholder = page ? CHAT_TEXTS.placeholder : CHAT_TEXTS.widgetPlaceholder;
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
      <MentionInput
        value={text}
        onValueChange={setText}
        placeholder={placeholder}
        aria-label={placeholder.replace(/\.+$/, '')}
        maxLength={CHAT_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="send"
        className="min-w-0 flex-1 basis-40"
      />
      {page ? (
        <>
          <Button
            type="submit"
            disabled={blank || busy !== null}
            busy={busy === 'plain'}
            icon={<Send aria-hidden className="size-4" />}
          >
            Send
          </Button>
          {canSendAsPresenter ? (
            <Button
              variant="secondary"
              onClick={() => void submit(true)}
              disabled={blank || busy !== null}
              busy={busy === 'presenter'}
              icon={<Megaphone aria-hidden className="size-4 text-sky-300" />}
              className="border-sky-500/50"
            >
              Send as Presenter
            </Button>
          ) : null}
        </>
      ) : (
        <Button
          type="submit"
          size="md"
          aria-label="Send chat message"
          disabled={blank || busy !== null}
          busy={busy !== null}
          icon={busy ? undefined : <Send aria-hidden className="size-4" />}
          className="w-10 px-0"
        />
      )}
    </form>
  );
}
