import { clsx } from 'clsx';
import { Music } from 'lucide-react';
import { useState } from 'react';

/**
 * Album art. With `fallbackSrc` a missing or broken picture is replaced by that image (the station's
 * default art); without it, by a music icon (charts and song lists).
 */
export function SongArt({
  src,
  fallbackSrc,
  className,
  iconClassName = 'size-1/2',
}: {
  src: string | null | undefined;
  fallbackSrc?: string | null;
  className?: string;
  iconClassName?: string;
}) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const candidates = [src, fallbackSrc].filter((s): s is string => Boolean(s) && !broken.has(s as string));
  const shown = candidates[0] ?? null;
  return (
    <span
      className={clsx(
        'relative flex shrink-0 items-center justify-center overflow-hidden bg-gradient-to-br from-violet-600/40 to-pink-500/30 text-violet-200',
        className,
      )}
    >
      {shown ? (
        <img
          key={shown}
          src={shown}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setBroken((b) => new Set(b).add(shown))}
          className="size-full object-cover"
        />
      ) : (
        <Music aria-hidden className={iconClassName} />
      )}
    </span>
  );
}
