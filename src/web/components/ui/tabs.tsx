import { clsx } from 'clsx';
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  icon?: ReactNode;
}

export const tabId = (base: string, id: string) => `${base}-tab-${id}`;
export const panelId = (base: string, id: string) => `${base}-panel-${id}`;

/**
 * An accessible tab list (arrow keys, Home and End move between tabs). Pair with TabPanel.
 * Vertical lists (a side menu of many tabs) move with the up and down arrows.
 */
export function Tabs<T extends string>({
  idBase,
  items,
  value,
  onChange,
  label,
  className,
  orientation = 'horizontal',
}: {
  idBase: string;
  items: TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  className?: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  const vertical = orientation === 'vertical';
  const [back, forward] = vertical ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.id === value);
    const next =
      e.key === forward
        ? (index + 1) % items.length
        : e.key === back
          ? (index - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    onChange(items[next].id);
    document.getElementById(tabId(idBase, items[next].id))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      onKeyDown={onKeyDown}
      className={clsx(
        'flex gap-1 rounded-xl border border-slate-700 bg-slate-900/80 p-1',
        vertical ? 'flex-col' : 'overflow-x-auto',
        className,
      )}
    >
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            id={tabId(idBase, item.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId(idBase, item.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            className={clsx(
              'whitespace-nowrap rounded-lg px-4 py-2 font-semibold text-sm transition',
              vertical ? 'flex items-center gap-2.5 text-left' : 'flex-1',
              selected
                ? 'bg-slate-700 text-white shadow'
                : 'text-slate-300 hover:bg-white/5 hover:text-white',
            )}
          >
            {item.icon}
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idBase,
  id,
  children,
  className,
}: {
  idBase: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="tabpanel" id={panelId(idBase, id)} aria-labelledby={tabId(idBase, id)} className={className}>
      {children}
    </div>
  );
}
