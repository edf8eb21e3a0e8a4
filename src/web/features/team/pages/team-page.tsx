import { TEAM_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { PageTitle } from '@web/components/page-title';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { Mic, ShieldCheck, Sparkles, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTeam } from '../api';
import { TeamMemberCard } from '../components/team-member-card';
import { applyTeamFilter, filterChips, type TeamFilter } from '../team-filter';

const grid = 'grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4';

function Stat({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-500/15 text-violet-300">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="font-extrabold text-2xl text-white">{value}</p>
        <p className="text-slate-300 text-sm">{label}</p>
      </div>
    </Card>
  );
}

function JoinOurTeam() {
  return (
    <section
      aria-labelledby="join-heading"
      className="flex flex-col items-start gap-3 rounded-2xl border border-pink-500/30 bg-gradient-to-br from-pink-500/15 to-violet-500/15 p-6 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h2 id="join-heading" className="font-bold text-white text-xl">
          {TEAM_TEXTS.join}
        </h2>
        <p className="mt-1 text-slate-300">
          Love music and have a show idea? We are always looking for new presenters.
        </p>
      </div>
      <Link
        to="/apply"
        className="inline-flex h-11 items-center gap-2 rounded-lg bg-gradient-to-r from-pink-500 to-violet-500 px-5 font-semibold text-white shadow-lg shadow-pink-500/20 transition hover:brightness-110"
      >
        <Mic aria-hidden className="size-4" />
        Apply to present
      </Link>
    </section>
  );
}

/** /staff: the team page: filter chips, Core Team, Specialized Roles and the counts. */
export default function TeamPage() {
  const team = useTeam();
  const [filter, setFilter] = useState<TeamFilter>('all');

  let body: ReactNode;
  if (team.isPending) body = <LoadingState label="Loading team..." />;
  else if (team.isError) body = <Alert>{errorMessage(team.error)}</Alert>;
  else if (team.data.counts.total === 0)
    body = <EmptyState icon={<Users aria-hidden className="size-7" />} title={TEAM_TEXTS.empty} />;
  else {
    const chips = filterChips(team.data);
    const current = chips.some((c) => c.value === filter) ? filter : 'all';
    const view = applyTeamFilter(team.data, current);
    const { counts } = team.data;
    body = (
      <div className="flex flex-col gap-8">
        <div className="grid gap-3 sm:grid-cols-3">
          <Stat label="Total staff" value={counts.total} icon={<Users aria-hidden className="size-5" />} />
          <Stat label="Core team" value={counts.core} icon={<ShieldCheck aria-hidden className="size-5" />} />
          <Stat
            label="Specialised assignments"
            value={counts.specialised}
            icon={<Sparkles aria-hidden className="size-5" />}
          />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Filter by role</legend>
          {chips.map((c) => (
            <button
              key={c.value}
              type="button"
              aria-pressed={current === c.value}
              onClick={() => setFilter(c.value)}
              className={clsx(
                'rounded-full border px-3.5 py-1.5 font-semibold text-sm transition',
                current === c.value
                  ? 'border-pink-400 bg-pink-500/20 text-white'
                  : 'border-slate-600 bg-slate-900 text-slate-300 hover:border-slate-400 hover:text-white',
              )}
            >
              {c.label}
            </button>
          ))}
        </fieldset>
        {current === 'all' || current === 'admin' || current === 'presenter' ? (
          <section aria-labelledby="core-heading">
            <h2 id="core-heading" className="mb-4 font-bold text-2xl text-white">
              Core Team
            </h2>
            {view.core.length === 0 ? (
              <p className="text-slate-300">Nobody here yet.</p>
            ) : (
              <ul className={grid}>
                {view.core.map((m) => (
                  <TeamMemberCard key={m.id} member={m} />
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {view.specialised.length > 0 ? (
          <section aria-labelledby="specialised-heading" className="flex flex-col gap-6">
            <h2 id="specialised-heading" className="font-bold text-2xl text-white">
              Specialized Roles
            </h2>
            {view.specialised.map((g) => (
              <div key={g.role}>
                <h3 className="mb-3 font-semibold text-lg text-violet-200">
                  {g.roleName}{' '}
                  <span className="font-normal text-slate-400 text-sm">({g.members.length})</span>
                </h3>
                <ul className={grid}>
                  {g.members.map((m) => (
                    <TeamMemberCard key={`${g.role}-${m.id}`} member={m} roleLabel={g.roleName} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ) : null}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <PageTitle icon={Users} intro="The volunteers who keep the station on air, day and night.">
          Meet the Team
        </PageTitle>
      </header>
      {body}
      <JoinOurTeam />
    </div>
  );
}
