import { errorMessage } from '@web/app/data/api-client';
import { formatDay } from '@web/app/format-date';
import { formatRoleName } from '@web/components/role-badge';
import { Alert } from '@web/components/ui/alert';
import { Avatar } from '@web/components/ui/avatar';
import { Badge, roleTone } from '@web/components/ui/badge';
import { LoadingState } from '@web/components/ui/spinner';
import { useTeam } from '@web/features/team/api';
import { SectionHeader } from './section-header';

/** Staff: the core team (admins and presenters) as cards, with the total. */
export function StaffSection() {
  const team = useTeam();
  const staff = team.data?.core ?? [];
  return (
    <div>
      <SectionHeader
        title="Staff"
        description={
          team.data ? `${staff.length} staff member${staff.length === 1 ? '' : 's'}` : 'The station team.'
        }
      />
      {team.isPending ? (
        <LoadingState label="Loading staff..." />
      ) : team.isError ? (
        <Alert>{errorMessage(team.error)}</Alert>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Staff members">
          {staff.map((m) => (
            <li
              key={m.id}
              data-testid="staff-card"
              className="flex min-w-0 items-center gap-4 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4"
            >
              <Avatar src={m.picture} name={m.displayName} />
              <div className="min-w-0">
                <p className="truncate font-semibold text-white" title={m.displayName}>
                  {m.displayName}
                </p>
                <Badge tone={roleTone(m.role)}>{formatRoleName(m.role)}</Badge>
                <p className="mt-1 text-slate-400 text-xs">Joined {formatDay(m.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
