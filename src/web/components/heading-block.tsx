import type { ReactNode } from 'react';

/** A section's h2 with the line that explains it under it. */
export function HeadingBlock({
  id,
  title,
  className,
  bodyClassName = 'text-slate-400 text-sm',
  children,
}: {
  id: string;
  title: ReactNode;
  /** Where the block sits in its header (e.g. min-w-0). */
  className?: string;
  bodyClassName?: string;
  /** The line under the heading; none, no line. */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <h2 id={id} className="font-bold text-white text-xl">
        {title}
      </h2>
      {children ? <p className={bodyClassName}>{children}</p> : null}
    </div>
  );
}
