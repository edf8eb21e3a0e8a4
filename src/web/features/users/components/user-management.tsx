import type { SetPasswordLink, UserListItem } from '@shared/contracts/accounts';
import type { ProfileRole } from '@shared/permissions';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { HeadingBlock } from '@web/components/heading-block';
import { formatRoleName } from '@web/components/role-badge';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyNote } from '@web/components/ui/empty-state';
import { SearchInput } from '@web/components/ui/search-input';
import { LoadingState } from '@web/components/ui/spinner';
import { SendNotificationDialog } from '@web/features/notifications/components/send-notification-dialog';
import { UserPlus } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useChangeUserRole, useSetPasswordLink, useUsers } from '../api';
import { CreateUserDialog } from './create-user-dialog';
import { PasswordLinkDialog } from './password-link-dialog';
import { UserRow } from './user-row';

/** Admin list of members with role editing (admin panel, user-management tab). */
export function UserManagement() {
  const { me } = useMe();
  const users = useUsers();
  const changeRole = useChangeUserRole();
  const [search, setSearch] = useState('');
  const [notifyUser, setNotifyUser] = useState<UserListItem | null>(null);
  const [creating, setCreating] = useState(false);
  const passwordLink = useSetPasswordLink();
  const [linkFor, setLinkFor] = useState<{ user: UserListItem; link: SetPasswordLink } | null>(null);

  const onPasswordLink = (user: UserListItem) =>
    passwordLink.mutate(user.id, {
      onSuccess: ({ link }) => setLinkFor({ user, link }),
      onError: (err) => toast.error(errorMessage(err)),
    });
  const term = useDeferredValue(search.trim().toLowerCase());

  const filtered = useMemo(
    () =>
      (users.data ?? []).filter(
        (u) => !term || u.displayName.toLowerCase().includes(term) || u.email.toLowerCase().includes(term),
      ),
    [users.data, term],
  );

  const onChangeRole = (user: UserListItem, role: ProfileRole) => {
    if (role === user.role) return;
    const question = `Change ${user.displayName}'s role from ${formatRoleName(user.role)} to ${formatRoleName(role)}?`;
    if (!window.confirm(question)) return;
    changeRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => toast.success(`${user.displayName} is now ${formatRoleName(role)}.`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <HeadingBlock id="users-heading" title="User Management">
          {users.data ? `${users.data.length} member${users.data.length === 1 ? '' : 's'}` : 'Members'} and
          their profile roles. Extra roles (news reporter, moderator, manager…) are assigned in the Roles tab.
        </HeadingBlock>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <SearchInput
            wrapperClassName="min-w-0 flex-1 sm:w-72 sm:flex-none"
            aria-label="Search users"
            placeholder="Search by name or email..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button icon={<UserPlus aria-hidden className="size-4" />} onClick={() => setCreating(true)}>
            Add user
          </Button>
        </div>
      </div>

      {users.isPending ? (
        <LoadingState label="Loading users..." />
      ) : users.isError ? (
        <Alert>{errorMessage(users.error)}</Alert>
      ) : filtered.length === 0 ? (
        <EmptyNote>No users found.</EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-700 overflow-hidden rounded-xl border border-slate-700 bg-slate-900/70">
          {filtered.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isSelf={user.id === me?.user.id}
              busy={changeRole.isPending && changeRole.variables?.id === user.id}
              onChangeRole={onChangeRole}
              onNotify={setNotifyUser}
              onPasswordLink={onPasswordLink}
            />
          ))}
        </ul>
      )}
      <SendNotificationDialog user={notifyUser} onClose={() => setNotifyUser(null)} />
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <PasswordLinkDialog value={linkFor} onClose={() => setLinkFor(null)} />
    </section>
  );
}
