import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface DataColumn {
  label: string;
  /** Numbers and actions sit on the right. */
  align?: 'right';
}

/**
 * A table that scrolls sideways inside its wrapper: a header row from the column labels, then the rows
 * given as children. The look (border, density, minimum width) comes from the caller's classes.
 */
export function DataTable({
  columns,
  children,
  className,
  tableClassName,
  headClassName,
  headCellClassName,
  bodyClassName,
}: {
  columns: DataColumn[];
  children: ReactNode;
  /** The scrolling wrapper. */
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  headCellClassName?: string;
  bodyClassName?: string;
}) {
  return (
    <div className={clsx('overflow-x-auto', className)}>
      <table className={clsx('w-full text-left text-sm', tableClassName)}>
        <thead className={headClassName}>
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={clsx(headCellClassName, c.align === 'right' && 'text-right')}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}
