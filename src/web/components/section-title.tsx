import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A section's h2 with its icon before the words. */
export function SectionTitle({
  icon: Icon,
  iconClassName = 'text-violet-300',
  id,
  className,
  children,
}: {
  icon: LucideIcon;
  /** The icon's colour. */
  iconClassName?: string;
  id?: string;
  /** Where it sits (margins). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className={clsx('flex items-center gap-2 font-bold text-lg text-white', className)}>
      <Icon aria-hidden className={clsx('size-5', iconClassName)} />
      {children}
    </h2>
  );
}
