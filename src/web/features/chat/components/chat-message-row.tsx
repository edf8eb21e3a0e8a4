import type { ChatMessage } from '@shared/contracts/chat';
import { formatMessageTime } from '@web/app/format-date';
import { formatRoleName } from '@web/components/role-badge';
import { Avatar } from '@web/components/ui/avatar';
import { Badge, roleTone } from '@web/components/ui/badge';
import { clsx } from 'clsx';
import { Ban, Flag, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One chat message. Presenter replies are highlighted blue. On the page they carry a 'Presenter' tag and
 * admin authors an 'Admin' tag; in the compact widget the author's role is shown when it is not 'user'.
 */
export function ChatMessageRow({
  message,
  compact = false,
  own = false,
  onDelete,
  onReport,
  onBlock,
  myName,
  now,
}: {
  message: ChatMessage;
  compact?: boolean;
  /** My own message (I may delete it; I cannot report or block myself). */
  own?: boolean;
  /** The author, or a moderator: asks to delete this message. */
  onDelete?: (message: ChatMessage) => void;
  onReport?: (message: ChatMessage) => void;
  onBlock?: (message: ChatMessage) => void;
  /** My display name: an @mention of it is highlighted. */
  myName?: string;
  now: Date;
}) {
  const { author } = message;
  const iconButton =
    'size-8 shrink-0 rounded-lg text-slate-400 transition hover:bg-white/10 hover:text-white focus-visible:opacity-100';
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
          <MentionText text={message.content} myName={myName} />
        </p>
      </div>
      {onDelete || onReport || onBlock ? (
        <div className="-mr-1 flex shrink-0 items-start self-start">
          {onReport ? (
            <button
              type="button"
              aria-label={`Report message from ${author.name}`}
              title="Report message"
              onClick={() => onReport(message)}
              className={clsx(iconButton, 'hover:text-amber-200')}
            >
              <Flag aria-hidden className="mx-auto size-4" />
            </button>
          ) : null}
          {onBlock ? (
            <button
              type="button"
              aria-label={`Block ${author.name}`}
              title={`Block ${author.name}`}
              onClick={() => onBlock(message)}
              className={iconButton}
            >
              <Ban aria-hidden className="mx-auto size-4" />
            </button>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              aria-label={own ? 'Delete my message' : `Delete message from ${author.name}`}
              title="Delete message"
              onClick={() => onDelete(message)}
              className={clsx(iconButton, 'hover:bg-red-500/15 hover:text-red-300')}
            >
              <Trash2 aria-hidden className="mx-auto size-4" />
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The message text with `@My Name` highlighted, so a member sees at once that they were mentioned. */
function MentionText({ text, myName }: { text: string; myName?: string }) {
  if (!myName) return text;
  const needle = `@${myName}`.toLowerCase();
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="rounded bg-pink-500/25 px-0.5 font-semibold text-pink-100">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts;
}
