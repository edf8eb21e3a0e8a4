import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A calm message for an empty list, with an icon and an optional action. */
export function EmptyState({
  icon,
  title,
  body,
  action,
  className,
}: {
  icon?: ReactNode;
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center gap-3 rounded-2xl border border-slate-700 border-dashed bg-slate-900/40 px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? (
        <span className="flex size-14 items-center justify-center rounded-full bg-violet-500/15 text-violet-300">
          {icon}
        </span>
      ) : null}
      <h2 className="font-bold text-lg text-white">{title}</h2>
      {body ? <p className="max-w-md text-slate-300">{body}</p> : null}
      {action}
    </div>
  );
}

/** The one line an admin list shows while it has nothing in it ("No roles assigned yet."). */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-slate-700 border-dashed p-8 text-center text-slate-300">
      {children}
    </p>
  );
}
