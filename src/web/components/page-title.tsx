import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A page's h1 with its icon before the words, and the line that introduces the page under it. */
export function PageTitle({
  icon: Icon,
  iconClassName = 'text-pink-400',
  intro,
  children,
}: {
  icon: LucideIcon;
  /** The icon's colour. */
  iconClassName?: string;
  /** The line under the title; none when the page says it its own way. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <h1 className="flex items-center gap-3 font-extrabold text-3xl text-white tracking-tight sm:text-4xl">
        <Icon aria-hidden className={clsx('size-8 shrink-0', iconClassName)} />
        {children}
      </h1>
      {intro ? <p className="mt-1 text-slate-300">{intro}</p> : null}
    </>
  );
}
