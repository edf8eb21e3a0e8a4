import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A surface for a group of content. */
export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={clsx('rounded-2xl border border-slate-700/80 bg-slate-900/70 backdrop-blur', className)}>
      {children}
    </div>
  );
}
