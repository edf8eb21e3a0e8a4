import type { Member } from '@shared/contracts/members';
import { formatDay } from '@web/app/format-date';
import { PersonCardHead } from '@web/components/person-card';
import { formatRoleName } from '@web/components/role-badge';
import { Badge, roleTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { MessageSquare } from 'lucide-react';

/** A member's card: picture or initial, role (admin red, presenter blue, others grey), member since. */
export function MemberCard({
  member,
  isSelf,
  onMessage,
}: {
  member: Member;
  isSelf: boolean;
  onMessage: (member: Member) => void;
}) {
  return (
    <li
      data-testid="member-card"
      className="flex min-w-0 flex-col items-center gap-3 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5 text-center transition hover:border-slate-500"
    >
      <PersonCardHead person={member} heading="h2">
        <Badge tone={roleTone(member.role)}>
          <span data-testid="member-role">{formatRoleName(member.role)}</span>
        </Badge>
        <p className="text-slate-400 text-sm">Member since {formatDay(member.createdAt)}</p>
      </PersonCardHead>
      {isSelf ? (
        <p className="mt-auto py-1.5 font-medium text-slate-400 text-sm">This is you</p>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="mt-auto"
          icon={<MessageSquare aria-hidden className="size-4" />}
          aria-label={`Message ${member.displayName}`}
          onClick={() => onMessage(member)}
        >
          Message
        </Button>
      )}
    </li>
  );
}
