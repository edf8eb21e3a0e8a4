import { clsx } from 'clsx';
import { useState } from 'react';

const sizes = { sm: 'size-10 text-sm', md: 'size-14 text-lg', lg: 'size-20 text-2xl' } as const;

/** A person's picture, or their initial on a gradient when there is none or it fails to load. */
export function Avatar({
  src,
  name,
  size = 'md',
  className,
}: {
  src: string | null | undefined;
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      className={clsx(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-violet-500 to-pink-500 font-bold text-white ring-2 ring-white/10',
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt=""
          loading="lazy"
          onError={() => setFailed(src ?? null)}
          className="size-full object-cover"
        />
      ) : (
        <span aria-hidden>{name.trim().slice(0, 1).toUpperCase() || '?'}</span>
      )}
    </span>
  );
}
