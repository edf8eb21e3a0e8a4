import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link inside the app led by its icon ("Back to Shop" with a bag before it). */
export function IconLink({
  to,
  icon: Icon,
  iconClassName,
  className,
  children,
}: {
  to: string;
  icon: LucideIcon;
  /** The icon's colour, when not the link's own. */
  iconClassName?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className}>
      <Icon aria-hidden className={clsx('size-4', iconClassName)} />
      {children}
    </Link>
  );
}
