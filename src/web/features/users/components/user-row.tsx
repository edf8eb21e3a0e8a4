import { ADMIN_SELECTABLE_ROLES, type UserListItem } from '@shared/contracts/accounts';
import type { ProfileRole } from '@shared/permissions';
import { formatRoleName, RoleBadge } from '@web/components/role-badge';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { BellPlus, KeyRound } from 'lucide-react';
import { useId } from 'react';

export function UserRow({
  user,
  isSelf,
  busy,
  onChangeRole,
  onNotify,
  onPasswordLink,
}: {
  user: UserListItem;
  isSelf: boolean;
  busy: boolean;
  onChangeRole: (user: UserListItem, role: ProfileRole) => void;
  onNotify?: (user: UserListItem) => void;
  onPasswordLink?: (user: UserListItem) => void;
}) {
  const selectId = useId();
  // The three roles the select offers; a member holding another profile role keeps it shown until changed.
  const roles: readonly ProfileRole[] = (ADMIN_SELECTABLE_ROLES as readonly ProfileRole[]).includes(user.role)
    ? ADMIN_SELECTABLE_ROLES
    : [user.role, ...ADMIN_SELECTABLE_ROLES];
  return (
    <li data-testid="user-row" className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500/70 to-pink-500/70 font-bold text-white"
      >
        {user.displayName.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex flex-wrap items-center gap-2 font-medium text-white">
          <span className="truncate">{user.displayName}</span>
          {isSelf ? <span className="text-slate-400 text-xs">(you)</span> : null}
          <RoleBadge role={user.role} />
        </p>
        <p className="truncate text-slate-400 text-sm">{user.email}</p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Role for {user.displayName}
        </label>
        <Select
          id={selectId}
          value={user.role}
          disabled={busy}
          onChange={(e) => onChangeRole(user, e.target.value as ProfileRole)}
          className="w-44"
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {formatRoleName(r)}
            </option>
          ))}
        </Select>
        {busy ? <Spinner size="sm" className="text-pink-400" /> : null}
        {onPasswordLink && !isSelf ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onPasswordLink(user)}
            aria-label={`New set-password link for ${user.displayName}`}
            title="New set-password link (for a member who has not chosen a password yet)"
            icon={<KeyRound aria-hidden className="size-4" />}
          />
        ) : null}
        {onNotify ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onNotify(user)}
            aria-label={`Send a notification to ${user.displayName}`}
            title="Send a notification"
            icon={<BellPlus aria-hidden className="size-4" />}
          />
        ) : null}
      </div>
    </li>
  );
}
