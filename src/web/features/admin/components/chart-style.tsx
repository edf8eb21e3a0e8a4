import { Area } from 'recharts';

/** The admin charts' look (recharts, in the Analytics tab's lazy chunk only). */
export const AXIS = { stroke: '#94a3b8', fontSize: 11, tickLine: false } as const;
export const GRID = { stroke: '#334155', strokeDasharray: '3 3', vertical: false } as const;
export const TOOLTIP = {
  contentStyle: { background: '#0f172a', border: '1px solid #334155', borderRadius: 8, color: '#f1f5f9' },
  labelStyle: { color: '#cbd5e1' },
  cursor: { fill: 'rgba(148, 163, 184, 0.08)' },
} as const;

/** The pink-to-violet fill under a listener curve, as a <defs> gradient named `id`. */
export function ListenerFill({ id }: { id: string }) {
  return (
    <defs>
      <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0%" stopColor="#ec4899" stopOpacity={0.5} />
        <stop offset="100%" stopColor="#8b5cf6" stopOpacity={0.05} />
      </linearGradient>
    </defs>
  );
}

/**
 * Listeners' peak (filled with the gradient `fillId`) and average, as two areas of an AreaChart whose data
 * has `peak` and `average` (null: no samples there, drawn as a gap rather than a false zero).
 */
export function peakAndAverageAreas(fillId: string) {
  return [
    <Area
      key="peak"
      type="monotone"
      dataKey="peak"
      name="Peak"
      stroke="#ec4899"
      fill={`url(#${fillId})`}
      strokeWidth={2}
      connectNulls={false}
      isAnimationActive={false}
    />,
    <Area
      key="average"
      type="monotone"
      dataKey="average"
      name="Average"
      stroke="#a78bfa"
      fill="transparent"
      strokeWidth={1.5}
      connectNulls={false}
      isAnimationActive={false}
    />,
  ];
}
