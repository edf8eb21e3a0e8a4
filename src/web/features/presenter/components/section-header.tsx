import type { ReactNode } from 'react';

/** The title row of a panel section: heading, one line of help, and its main action. */
export function SectionHeader({
  title,
  description,
  action,
  level = 'h2',
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  level?: 'h2' | 'h3';
}) {
  const Heading = level;
  return (
    <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <Heading
          className={level === 'h2' ? 'font-bold text-2xl text-white' : 'font-bold text-lg text-white'}
        >
          {title}
        </Heading>
        {description ? <p className="mt-1 text-slate-400 text-sm">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
