import type { ReactNode } from 'react';

/** The heading of an admin tab, with a line of explanation and optional actions on the right. */
export function TabHeader({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h2 id={id} className="font-bold text-white text-xl">
          {title}
        </h2>
        {children ? <p className="text-slate-400 text-sm">{children}</p> : null}
      </div>
      {actions}
    </div>
  );
}
