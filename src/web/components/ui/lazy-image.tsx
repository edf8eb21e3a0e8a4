import type { ReactNode } from 'react';

/** A decorative picture (empty alt) loaded lazily, or `fallback` when there is none. */
export function LazyImage({
  src,
  className,
  fallback,
}: {
  src: string | null | undefined;
  className: string;
  fallback: ReactNode;
}) {
  if (!src) return <>{fallback}</>;
  return <img src={src} alt="" loading="lazy" className={className} />;
}
