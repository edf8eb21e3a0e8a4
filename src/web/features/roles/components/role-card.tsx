import type { Role } from '@shared/contracts/roles';
import { EditDeleteButtons } from '@web/components/edit-delete-buttons';
import { Badge } from '@web/components/ui/badge';
import { Lock, Users } from 'lucide-react';
import { useState } from 'react';

const CHIP_LIMIT = 8;

export function RoleCard({
  role,
  onEdit,
  onDelete,
  deleting,
}: {
  role: Role;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
  deleting: boolean;
}) {
  const [showAll, setShowAll] = useState(false);
  const chips = showAll ? role.permissions : role.permissions.slice(0, CHIP_LIMIT);
  const hidden = role.permissions.length - chips.length;

  return (
    <li
      data-testid="role-card"
      className="flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/70 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold text-white">
            <span className="break-words">{role.fullName}</span>
            {role.isSystemRole ? (
              <Badge tone="amber" icon={<Lock aria-hidden className="size-3" />}>
                System
              </Badge>
            ) : null}
          </h3>
          <p className="break-all font-mono text-slate-400 text-xs">{role.name}</p>
        </div>
        <span className="flex items-center gap-1 text-slate-300 text-sm" title="Members with this role">
          <Users aria-hidden className="size-4" />
          {role.assignmentCount} assigned
        </span>
      </div>
      {role.description ? <p className="text-slate-300 text-sm">{role.description}</p> : null}
      {role.permissions.length > 0 ? (
        <ul aria-label={`Permissions of ${role.fullName}`} className="flex flex-wrap gap-1.5">
          {chips.map((p) => (
            <li key={p}>
              <Badge tone="violet" className="font-mono">
                {p}
              </Badge>
            </li>
          ))}
          {hidden > 0 || showAll ? (
            <li>
              <button
                type="button"
                onClick={() => setShowAll((v) => !v)}
                className="rounded-full px-2 py-0.5 text-pink-300 text-xs hover:underline"
              >
                {showAll ? 'Show less' : `+${hidden} more`}
              </button>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="text-slate-400 text-sm italic">No permissions</p>
      )}
      <div className="mt-auto flex flex-wrap justify-end gap-2 pt-1">
        <EditDeleteButtons
          name={role.fullName}
          onEdit={() => onEdit(role)}
          onDelete={role.isSystemRole ? undefined : () => onDelete(role)}
          deleting={deleting}
        />
      </div>
    </li>
  );
}
