import { clsx } from 'clsx';
import { useId } from 'react';
import { formatPermission } from '../format';

/** Checkboxes for the permission catalogue; `disabled` locks them (system roles). */
export function PermissionPicker({
  permissions,
  value,
  onChange,
  disabled = false,
}: {
  permissions: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const selected = new Set(value);
  const toggle = (p: string) => {
    const next = new Set(selected);
    if (next.has(p)) next.delete(p);
    else next.add(p);
    onChange(permissions.filter((x) => next.has(x)));
  };

  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 font-medium text-slate-300 text-sm">
        <span>
          Permissions <span className="text-slate-400">({selected.size} selected)</span>
        </span>
        {disabled ? null : (
          <span className="flex gap-2">
            <button
              type="button"
              className="text-pink-300 text-xs hover:underline"
              onClick={() => onChange([...permissions])}
            >
              Select all
            </button>
            <button
              type="button"
              className="text-pink-300 text-xs hover:underline"
              onClick={() => onChange([])}
            >
              Clear
            </button>
          </span>
        )}
      </legend>
      <div className="grid max-h-80 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-slate-700 bg-slate-950/50 p-2 sm:grid-cols-2 lg:grid-cols-3">
        {permissions.map((p) => {
          const inputId = `${id}-${p}`;
          const checked = selected.has(p);
          return (
            <label
              key={p}
              htmlFor={inputId}
              className={clsx(
                'flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm transition hover:bg-white/5',
                disabled && 'cursor-not-allowed opacity-70',
                checked && 'bg-pink-500/10',
              )}
            >
              <input
                id={inputId}
                type="checkbox"
                checked={checked}
                onChange={() => toggle(p)}
                className="mt-0.5 size-4 shrink-0 accent-pink-500"
              />
              <span className="min-w-0">
                <span className="block text-slate-100">{formatPermission(p)}</span>
                <span className="block break-all font-mono text-[11px] text-slate-400">{p}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
