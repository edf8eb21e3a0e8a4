import type { AdminStats } from '@shared/contracts/admin';
import { Card } from '@web/components/ui/card';
import { Music, PlayCircle, PoundSterling, Users } from 'lucide-react';
import { formatCount, formatGbp } from '../admin-format';

/** The four figures: members, revenue in pounds (2 decimals on the dashboard, 0 on analytics), songs, plays. */
export function StatCards({ stats, revenueDecimals }: { stats: AdminStats; revenueDecimals: 0 | 2 }) {
  const cards = [
    { label: 'Total Users', value: formatCount(stats.totalUsers), icon: Users, tone: 'from-sky-500/25' },
    {
      label: 'Total Revenue',
      value: formatGbp(stats.revenueGbp, revenueDecimals),
      icon: PoundSterling,
      tone: 'from-emerald-500/25',
    },
    { label: 'Total Songs', value: formatCount(stats.totalSongs), icon: Music, tone: 'from-violet-500/25' },
    {
      label: 'Total Plays',
      value: formatCount(stats.totalPlays),
      icon: PlayCircle,
      tone: 'from-pink-500/25',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        // A <dl> holds only <div>s of <dt> and <dd>: the icon sits inside the term.
        // On a phone the icon sits above the figure, so the figure has the card's whole width ("£106.00").
        <Card
          key={label}
          className="relative flex min-h-18 min-w-0 flex-col justify-center p-4 sm:py-4 sm:pr-4 sm:pl-[4.25rem]"
        >
          <dt className="flex min-w-0 flex-col gap-2 text-slate-400 text-xs sm:block sm:truncate sm:text-sm">
            <span
              aria-hidden
              className={`flex size-8 items-center justify-center rounded-xl bg-gradient-to-br sm:-translate-y-1/2 sm:absolute sm:top-1/2 sm:left-4 sm:size-10 ${tone} to-transparent text-white`}
            >
              <Icon className="size-4 sm:size-5" />
            </span>
            <span className="truncate">{label}</span>
          </dt>
          <dd
            className="truncate font-extrabold text-white text-xl tabular-nums sm:text-2xl"
            data-testid="stat-value"
          >
            {value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
