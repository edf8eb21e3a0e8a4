import type { Me } from '@shared/contracts/accounts';
import { formatMonthYear } from '@web/app/format-date';
import { RoleBadge } from '@web/components/role-badge';
import { Avatar } from '@web/components/ui/avatar';
import { CalendarDays, MessageCircle } from 'lucide-react';

/** Picture, display name, role badge (not for 'user') and 'Member since {Month YYYY}'. */
export function ProfileHeader({ me }: { me: Me }) {
  return (
    <header className="flex flex-col items-center gap-4 rounded-2xl border border-slate-700/80 bg-gradient-to-br from-pink-500/10 via-slate-900/70 to-violet-500/10 p-5 text-center sm:flex-row sm:p-6 sm:text-left">
      <Avatar src={me.profile.profilePicture} name={me.displayName} size="lg" />
      <div className="flex min-w-0 max-w-full flex-col items-center gap-2 sm:items-start">
        <div className="flex min-w-0 max-w-full flex-wrap items-center justify-center gap-2 sm:justify-start">
          <h1 className="min-w-0 max-w-full break-words font-extrabold text-2xl text-white tracking-tight sm:text-3xl">
            {me.displayName}
          </h1>
          <RoleBadge role={me.profile.role} />
        </div>
        <p className="flex items-center gap-2 text-slate-300 text-sm">
          <CalendarDays aria-hidden className="size-4 text-violet-300" />
          Member since {formatMonthYear(me.profile.createdAt)}
        </p>
        {me.profile.discordUsername ? (
          <p className="flex items-center gap-2 text-slate-300 text-sm" data-testid="profile-discord">
            <MessageCircle aria-hidden className="size-4 text-indigo-300" />
            Discord: <span className="font-semibold text-white">{me.profile.discordUsername}</span>
          </p>
        ) : null}
      </div>
    </header>
  );
}
