import { HeadingBlock } from '@web/components/heading-block';
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
      <HeadingBlock id={id} title={title} className="min-w-0">
        {children}
      </HeadingBlock>
      {actions}
    </div>
  );
}
