import type { Audience } from '@shared/contracts/admin';
import {
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { AXIS, GRID, ListenerFill, peakAndAverageAreas, TOOLTIP } from './chart-style';

/** The audience section's charts (recharts, loaded with the Analytics tab only). */

const KIND_COLOURS: Record<string, string> = { browser: '#ec4899', app: '#8b5cf6', other: '#64748b' };

const pointLabel = (iso: string, range: Audience['range']) =>
  range === '24h'
    ? new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', hour: 'numeric' });

export function AudienceOverTime({ audience }: { audience: Audience }) {
  return (
    <div
      role="img"
      aria-label="Listeners over time: peak and average per point"
      className="h-56 w-full sm:h-64"
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={audience.listeners} margin={{ top: 8, right: 8, bottom: 0, left: -18 }}>
          <ListenerFill id="audience-fill" />
          <CartesianGrid {...GRID} />
          <XAxis
            dataKey="at"
            tickFormatter={(v) => pointLabel(String(v), audience.range)}
            minTickGap={40}
            {...AXIS}
          />
          <YAxis allowDecimals={false} width={48} {...AXIS} />
          <Tooltip {...TOOLTIP} labelFormatter={(v) => pointLabel(String(v), audience.range)} />
          {peakAndAverageAreas('audience-fill')}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Listening hours per kind of client or per mount, as horizontal bars. */
export function ShareBars({ rows, label }: { rows: Audience['byClient']; label: string }) {
  return (
    <div role="img" aria-label={label} className="h-48 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 12, bottom: 0, left: 8 }}>
          <CartesianGrid {...GRID} horizontal={false} vertical />
          <XAxis type="number" {...AXIS} />
          <YAxis type="category" dataKey="name" width={96} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Bar
            dataKey="listeningHours"
            name="Listening hours"
            radius={[0, 3, 3, 0]}
            isAnimationActive={false}
          >
            {rows.map((r) => (
              <Cell key={r.name} fill={KIND_COLOURS[r.name] ?? '#8b5cf6'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
