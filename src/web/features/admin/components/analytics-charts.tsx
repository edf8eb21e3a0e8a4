import type { Analytics } from '@shared/contracts/admin';
import { Card } from '@web/components/ui/card';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS, GRID, TOOLTIP } from './chart-style';

/** The charts of the analytics tab (recharts, loaded with this tab only: listeners never download it). */

/** A station day 'YYYY-MM-DD' as '18 Nov' (a calendar date: no time zone shift). */
const dayMonth = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5">
      <div>
        <h3 className="font-semibold text-white">{title}</h3>
        <p className="text-slate-400 text-xs">{summary}</p>
      </div>
      <div role="img" aria-label={`${title}. ${summary}`} className="h-56 w-full sm:h-64">
        {children}
      </div>
    </Card>
  );
}

export function PlaysChart({ days, timezone }: { days: Analytics['playsPerDay']; timezone: string }) {
  const total = days.reduce((n, d) => n + d.plays, 0);
  const summary = `${total} plays in 30 days (station days, ${timezone}).`;
  return (
    <ChartCard title="Plays per day" summary={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -18 }}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="day" tickFormatter={dayMonth} minTickGap={24} {...AXIS} />
          <YAxis allowDecimals={false} width={48} {...AXIS} />
          <Tooltip {...TOOLTIP} labelFormatter={(v) => dayMonth(String(v))} />
          <Bar dataKey="plays" name="Plays" fill="#8b5cf6" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** Default export for React.lazy (listeners over time are the audience section's). */
export default function AnalyticsCharts({ data }: { data: Analytics }) {
  return <PlaysChart days={data.playsPerDay} timezone={data.timezone} />;
}
