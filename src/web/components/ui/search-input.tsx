import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Input } from './input';

/** A search box with its magnifier; `adornment` sits at the right (a spinner while fetching). */
export function SearchInput({
  wrapperClassName,
  className,
  adornment,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  wrapperClassName?: string;
  adornment?: ReactNode;
}) {
  return (
    <div className={clsx('relative', wrapperClassName)}>
      <Search
        aria-hidden
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-slate-400"
      />
      <Input type="search" className={clsx('pl-9', className)} {...rest} />
      {adornment}
    </div>
  );
}
