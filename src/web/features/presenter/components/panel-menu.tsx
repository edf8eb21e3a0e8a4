import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';

/** A panel's left menu: a column on wide screens, rows that wrap on phones (nothing hides past the edge). */
export function PanelMenu<T extends string>({
  items,
  value,
  onChange,
  label = 'Panel sections',
}: {
  items: { id: T; label: string; icon: LucideIcon }[];
  value: T;
  onChange: (id: T) => void;
  label?: string;
}) {
  return (
    <nav aria-label={label} className="min-w-0 lg:sticky lg:top-24 lg:w-60 lg:shrink-0">
      <ul className="flex flex-wrap gap-1 lg:flex-nowrap rounded-2xl border border-slate-700/80 bg-slate-900/70 p-1.5 lg:flex-col">
        {items.map(({ id, label: text, icon: Icon }) => {
          const selected = id === value;
          return (
            <li key={id} className="shrink-0">
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onChange(id)}
                className={clsx(
                  'flex w-full items-center gap-2.5 whitespace-nowrap rounded-xl px-3 py-2.5 text-left font-semibold text-sm transition',
                  selected
                    ? 'bg-gradient-to-r from-pink-500/25 to-violet-500/25 text-white ring-1 ring-pink-400/40'
                    : 'text-slate-300 hover:bg-white/5 hover:text-white',
                )}
              >
                <Icon
                  aria-hidden
                  className={clsx('size-4 shrink-0', selected ? 'text-pink-300' : 'text-slate-400')}
                />
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
