import type { Analytics } from '@shared/contracts/admin';
import { Card } from '@web/components/ui/card';
import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** The charts of the analytics tab (recharts, loaded with this tab only: listeners never download it). */

const AXIS = { stroke: '#94a3b8', fontSize: 11, tickLine: false } as const;
const GRID = { stroke: '#334155', strokeDasharray: '3 3', vertical: false } as const;
const TOOLTIP = {
  contentStyle: { background: '#0f172a', border: '1px solid #334155', borderRadius: 8, color: '#f1f5f9' },
  labelStyle: { color: '#cbd5e1' },
  cursor: { fill: 'rgba(148, 163, 184, 0.08)' },
} as const;

const weekdayHour = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
const weekday = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'short' });
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

export function ListenersChart({ points }: { points: Analytics['listeners'] }) {
  const sampled = points.filter((p) => p.peak !== null);
  const best = sampled.reduce<(typeof points)[number] | null>(
    (top, p) => (top === null || (p.peak ?? 0) > (top.peak ?? 0) ? p : top),
    null,
  );
  const summary = best
    ? `Peak of ${best.peak} listeners (${weekdayHour(best.hour)}); ${sampled.length} of ${points.length} hours sampled.`
    : 'No listener samples yet: the station is sampled every minute while the site runs.';
  // Day labels on the first hour of each day in the viewer's zone.
  const ticks = points.filter((p) => new Date(p.hour).getHours() === 0).map((p) => p.hour);
  return (
    <ChartCard title="Listeners, last 7 days" summary={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -18 }}>
          <defs>
            <linearGradient id="listeners-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#ec4899" stopOpacity={0.5} />
              <stop offset="100%" stopColor="#8b5cf6" stopOpacity={0.05} />
            </linearGradient>
          </defs>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="hour" ticks={ticks} tickFormatter={weekday} {...AXIS} />
          <YAxis allowDecimals={false} width={48} {...AXIS} />
          <Tooltip {...TOOLTIP} labelFormatter={(v) => weekdayHour(String(v))} />
          <Area
            type="monotone"
            dataKey="peak"
            name="Peak"
            stroke="#ec4899"
            fill="url(#listeners-fill)"
            strokeWidth={2}
            connectNulls={false}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="average"
            name="Average"
            stroke="#a78bfa"
            fill="transparent"
            strokeWidth={1.5}
            connectNulls={false}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
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

/** Default export for React.lazy: both charts side by side on wide screens. */
export default function AnalyticsCharts({ data }: { data: Analytics }) {
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ListenersChart points={data.listeners} />
      <PlaysChart days={data.playsPerDay} timezone={data.timezone} />
    </div>
  );
}
