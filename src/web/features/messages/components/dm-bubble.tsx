import type { DirectMessage } from '@shared/contracts/messages';
import { formatMessageTime } from '@web/app/format-date';
import { clsx } from 'clsx';
import { Flag, Trash2 } from 'lucide-react';

/**
 * One direct message: mine on the right with a read receipt (✓ sent, ✓✓ Read) and Delete, theirs on the
 * left with Report.
 */
export function DmBubble({
  message,
  own,
  now,
  onDelete,
  onReport,
}: {
  message: DirectMessage;
  own: boolean;
  now: Date;
  onDelete?: (message: DirectMessage) => void;
  onReport?: (message: DirectMessage) => void;
}) {
  const action = own ? onDelete : onReport;
  const actionButton = action ? (
    <button
      type="button"
      aria-label={own ? 'Delete my message' : 'Report this message'}
      title={own ? 'Delete message' : 'Report message'}
      onClick={() => action(message)}
      className="size-8 shrink-0 self-center rounded-lg text-slate-400 transition hover:bg-white/10 hover:text-white"
    >
      {own ? (
        <Trash2 aria-hidden className="mx-auto size-4" />
      ) : (
        <Flag aria-hidden className="mx-auto size-4" />
      )}
    </button>
  ) : null;
  return (
    <li
      data-testid="dm-bubble"
      data-own={own}
      data-read={message.isRead}
      className={clsx('flex items-center gap-1', own ? 'justify-end' : 'justify-start')}
    >
      {own ? actionButton : null}
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
      {own ? null : actionButton}
    </li>
  );
}
