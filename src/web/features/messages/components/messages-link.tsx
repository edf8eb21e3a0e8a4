import { UnreadBubble } from '@web/components/unread-bubble';
import { Mail } from 'lucide-react';
import { NavLink } from 'react-router';
import { useUnreadMessageCount } from '../api';
import { messagesLabel, unreadBadge } from '../unread';

/** The header's Messages link: an envelope with the live count of unread direct messages. */
export function MessagesLink() {
  const unread = useUnreadMessageCount();
  return (
    <NavLink
      to="/messages"
      aria-label={messagesLabel(unread)}
      title={messagesLabel(unread)}
      data-testid="messages-link"
      className={({ isActive }) =>
        `relative flex size-10 items-center justify-center rounded-lg transition hover:bg-white/5 hover:text-white ${
          isActive ? 'bg-white/10 text-white' : 'text-slate-300'
        }`
      }
    >
      <Mail aria-hidden className="size-5" />
      <UnreadBubble count={unread} text={unreadBadge(unread)} testId="messages-unread" tone="bg-pink-600" />
    </NavLink>
  );
}
