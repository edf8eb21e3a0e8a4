import type { TicketMessage } from '@shared/contracts/support';
import { SUPPORT_TEXTS } from '@shared/texts/support';
import { formatMessageTime } from '@web/app/format-date';
import { Avatar } from '@web/components/ui/avatar';
import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';

/**
 * A ticket's conversation. `rightSide` says which messages sit on the right: the member's own on the
 * support page, staff replies on the admin panel. Staff replies are always marked 'Staff'.
 */
export function TicketMessages({
  messages,
  rightSide,
}: {
  messages: TicketMessage[];
  rightSide: (m: TicketMessage) => boolean;
}) {
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);
  return (
    <ol className="flex flex-col gap-3" aria-label="Conversation">
      {messages.map((m) => {
        const right = rightSide(m);
        return (
          <li
            key={m.id}
            data-testid="ticket-message"
            data-staff={m.isStaffReply}
            className={clsx('flex items-end gap-2', right && 'flex-row-reverse')}
          >
            <Avatar src={m.author.picture} name={m.author.name} size="sm" />
            <div
              className={clsx(
                'max-w-[80%] rounded-2xl px-3.5 py-2',
                right
                  ? 'rounded-br-sm bg-violet-600/80 text-white'
                  : 'rounded-bl-sm bg-slate-800 text-slate-100',
              )}
            >
              <p className="flex flex-wrap items-center gap-1.5 text-xs opacity-90">
                <span className="font-semibold">{m.author.name}</span>
                {m.isStaffReply ? (
                  <span className="rounded bg-pink-700 px-1.5 font-semibold text-[10px] text-white uppercase">
                    {SUPPORT_TEXTS.staff}
                  </span>
                ) : null}
                <time dateTime={m.createdAt}>{formatMessageTime(m.createdAt)}</time>
              </p>
              <p className="mt-0.5 whitespace-pre-wrap break-words">{m.content}</p>
            </div>
          </li>
        );
      })}
      <li ref={end} aria-hidden />
    </ol>
  );
}
