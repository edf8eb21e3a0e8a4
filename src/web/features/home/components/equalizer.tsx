import { clsx } from 'clsx';

const BARS = [0.55, 0.9, 0.7, 1, 0.6, 0.85, 0.5, 0.95, 0.65, 0.8, 0.45, 0.75];

/** A decorative equalizer; it moves while `active` (and when the visitor allows motion). */
export function Equalizer({
  active = true,
  bars = BARS.length,
  className = 'h-28 gap-1.5 sm:h-40 sm:gap-2',
  barClassName = 'w-2.5 sm:w-3',
}: {
  active?: boolean;
  bars?: number;
  className?: string;
  barClassName?: string;
}) {
  return (
    <div aria-hidden className={clsx('flex items-end', !active && 'eq-idle', className)}>
      {BARS.slice(0, bars).map((height, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: static decorative list
          key={i}
          className={clsx(
            'origin-bottom eq-bar rounded-full bg-gradient-to-t from-violet-500 to-pink-400',
            barClassName,
          )}
          style={{ height: `${height * 100}%`, animationDelay: `${(i % 5) * 0.13}s` }}
        />
      ))}
    </div>
  );
}
