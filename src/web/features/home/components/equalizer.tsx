const BARS = [0.55, 0.9, 0.7, 1, 0.6, 0.85, 0.5, 0.95, 0.65, 0.8, 0.45, 0.75];

/** A decorative animated equalizer. */
export function Equalizer() {
  return (
    <div aria-hidden className="flex h-28 items-end gap-1.5 sm:h-40 sm:gap-2">
      {BARS.map((height, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: static decorative list
          key={i}
          className="w-2.5 origin-bottom eq-bar rounded-full bg-gradient-to-t from-violet-500 to-pink-400 sm:w-3"
          style={{ height: `${height * 100}%`, animationDelay: `${(i % 5) * 0.13}s` }}
        />
      ))}
    </div>
  );
}
