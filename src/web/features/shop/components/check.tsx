import type { ReactNode } from 'react';

/** A labelled checkbox of the shop's forms. */
export function Check({
  checked,
  onChange,
  className = 'flex items-center gap-2',
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        className="size-4 accent-pink-500"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}
