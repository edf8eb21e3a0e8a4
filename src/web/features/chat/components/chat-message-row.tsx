import type { ChatMessage } from '@shared/contracts/community';
import { formatMessageTime } from '@web/app/format-date';
import { formatRoleName } from '@web/components/role-badge';
import { Avatar } from '@web/components/ui/avatar';
import { Badge, roleTone } from '@web/components/ui/badge';
import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';

/**
 * One chat message. Presenter replies are highlighted blue. On the page they carry a 'Presenter' tag and
 * admin authors an 'Admin' tag; in the compact widget the author's role is shown when it is not 'user'.
 */
export function ChatMessageRow({
  message,
  compact = false,
  onDelete,
  now,
}: {
  message: ChatMessage;
  compact?: boolean;
  /** Moderators only: asks to delete this message. */
  onDelete?: (message: ChatMessage) => void;
  now: Date;
}) {
  const { author } = message;
  const presenter = message.isPresenterReply;
  return (
    <li
      data-testid="chat-message"
      data-presenter={presenter}
      className={clsx(
        'group flex gap-2.5 rounded-xl border',
        compact ? 'px-2.5 py-2' : 'px-3 py-2.5',
        presenter ? 'border-sky-500/40 bg-sky-500/10' : 'border-transparent bg-slate-800/50',
      )}
    >
      {compact ? null : <Avatar src={author.picture} name={author.name} size="sm" className="mt-0.5" />}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={clsx('font-semibold text-sm', presenter ? 'text-sky-200' : 'text-white')}>
            {author.name}
          </span>
          {compact ? (
            author.role !== 'user' ? (
              <Badge tone={roleTone(author.role)}>{formatRoleName(author.role)}</Badge>
            ) : null
          ) : (
            <>
              {presenter ? <Badge tone="blue">Presenter</Badge> : null}
              {author.role === 'admin' ? <Badge tone="red">Admin</Badge> : null}
            </>
          )}
          <time dateTime={message.createdAt} className="text-slate-400 text-xs">
            {formatMessageTime(message.createdAt, now)}
          </time>
        </p>
        <p
          className={clsx(
            'mt-0.5 whitespace-pre-wrap break-words text-slate-100',
            compact ? 'text-sm' : 'text-[15px]',
          )}
        >
          {message.content}
        </p>
      </div>
      {onDelete ? (
        <button
          type="button"
          aria-label={`Delete message from ${author.name}`}
          title="Delete message"
          onClick={() => onDelete(message)}
          className="-mr-1 size-8 shrink-0 self-start rounded-lg text-slate-400 transition hover:bg-red-500/15 hover:text-red-300"
        >
          <Trash2 aria-hidden className="mx-auto size-4" />
        </button>
      ) : null}
    </li>
  );
}
