import { clsx } from 'clsx';
import { useId } from 'react';
import { useStreamQuality } from '../player-context';

/**
 * "Quality": the stream qualities the station offers (e.g. High 128 kbps, Low 64 kbps), a native select
 * so it works with the keyboard, screen readers and a phone's own picker. The choice is remembered on
 * this device and used next time. Hidden where there is nothing to choose (one stream, or HLS, which
 * adapts by itself).
 */
export function QualityMenu({ className }: { className?: string }) {
  const { options, selected, choosable, choose } = useStreamQuality();
  const id = useId();
  if (!choosable || selected === null) return null;
  return (
    <div className={clsx('flex min-w-0 items-center gap-2', className)}>
      <label htmlFor={id} className="shrink-0 text-slate-300 text-xs">
        Quality
      </label>
      <select
        id={id}
        data-testid="quality-menu"
        value={selected}
        onChange={(e) => choose(Number(e.target.value))}
        className="min-w-0 rounded-md border border-slate-700 bg-slate-800 px-2 py-1 text-slate-100 text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-pink-400"
      >
        {options.map((o) => (
          <option key={o.bitrate} value={o.bitrate}>
            {o.name} {o.bitrate} kbps
          </option>
        ))}
      </select>
    </div>
  );
}
