import type { PersonRef } from '@shared/contracts/staff';
import { useDebouncedValue } from '@web/app/hooks/use-debounced-value';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { usePeopleSearch } from '../api';

/** Finds a member by the name people see (no emails) and picks one; used for trainees and warnings. */
export function PersonPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: PersonRef | null;
  onChange: (p: PersonRef | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), 250);
  const results = usePeopleSearch(debounced);
  const listId = useId();

  if (value) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-slate-600 bg-slate-900 px-3 py-2">
        <Avatar src={value.picture} name={value.name} size="sm" />
        <span className="min-w-0 flex-1 truncate text-white">{value.name}</span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Choose someone other than ${value.name}`}
          onClick={() => onChange(null)}
        >
          <X aria-hidden className="size-4" />
        </Button>
      </div>
    );
  }
  return (
    <div className="relative">
      <Input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Search by name..."
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        // Only while the list of matches is on the page (an id that names nothing is invalid ARIA).
        aria-controls={debounced && (results.data ?? []).length > 0 ? listId : undefined}
      />
      {debounced ? (
        <div className="mt-1 rounded-lg border border-slate-700 bg-slate-900">
          {results.isFetching && !results.data ? (
            <p className="flex items-center gap-2 px-3 py-2 text-slate-400 text-sm">
              <Spinner size="sm" /> Searching...
            </p>
          ) : (results.data ?? []).length === 0 ? (
            <p className="px-3 py-2 text-slate-400 text-sm">No members match "{debounced}".</p>
          ) : (
            <ul id={listId} aria-label="Matching members" className="max-h-56 overflow-y-auto py-1">
              {(results.data ?? []).map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => onChange(p)}
                    className="flex w-full items-center gap-3 px-3 py-2 text-left text-slate-100 text-sm hover:bg-white/5"
                  >
                    <Avatar src={p.picture} name={p.name} size="sm" />
                    {p.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
