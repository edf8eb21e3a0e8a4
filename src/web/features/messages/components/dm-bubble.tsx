import type { DirectMessage } from '@shared/contracts/community';
import { formatMessageTime } from '@web/app/format-date';
import { clsx } from 'clsx';

/** One direct message: mine on the right with a read receipt (✓ sent, ✓✓ Read), theirs on the left. */
export function DmBubble({ message, own, now }: { message: DirectMessage; own: boolean; now: Date }) {
  return (
    <li
      data-testid="dm-bubble"
      data-own={own}
      data-read={message.isRead}
      className={clsx('flex', own ? 'justify-end' : 'justify-start')}
    >
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[70%]',
          own
            ? 'rounded-br-md bg-gradient-to-br from-pink-500 to-violet-600 text-white'
            : 'rounded-bl-md border border-slate-700 bg-slate-800 text-slate-100',
        )}
      >
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
        <p
          className={clsx(
            'mt-1 flex items-center justify-end gap-1.5 text-[11px]',
            own ? 'text-pink-100/80' : 'text-slate-400',
          )}
        >
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, now)}</time>
          {own ? (
            message.isRead ? (
              <span data-testid="dm-receipt" className="font-semibold text-sky-200">
                <span aria-hidden>✓✓</span> Read
              </span>
            ) : (
              <span data-testid="dm-receipt" title="Sent">
                <span aria-hidden>✓</span>
                <span className="sr-only">Sent</span>
              </span>
            )
          ) : null}
        </p>
      </div>
    </li>
  );
}
