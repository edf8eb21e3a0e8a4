import { LOADING_TEXTS } from '@shared/texts/common';
import { ROLES_TEXTS } from '@shared/texts/roles';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyNote } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { useUsers } from '@web/features/users/api';
import { Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useAssignments, useRemoveAssignment, useRoles } from '../api';
import { formatDate } from '../format';
import { AssignRoleForm } from './assign-role-form';

/** Who holds which extra role, with the assign form (the role and permission manager). */
export function AssignmentsSection() {
  const assignments = useAssignments();
  const users = useUsers();
  const roles = useRoles();
  const remove = useRemoveAssignment();
  const [formOpen, setFormOpen] = useState(false);

  const onRemove = (id: string) => {
    if (!window.confirm(ROLES_TEXTS.confirmRemoveAssignment)) return;
    remove.mutate(id, {
      onSuccess: () => toast.success('Role assignment removed.'),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <section aria-labelledby="assignments-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <HeadingBlock id="assignments-heading" title="Role Assignments">
          Extra roles held by members, on top of their profile role.
        </HeadingBlock>
        {formOpen ? null : (
          <Button icon={<UserPlus aria-hidden className="size-4" />} onClick={() => setFormOpen(true)}>
            Assign Role
          </Button>
        )}
      </div>

      {formOpen ? (
        <Card className="p-4 sm:p-6">
          <h3 className="mb-4 font-semibold text-lg text-white">Assign a Role</h3>
          {users.isPending || roles.isPending ? (
            <LoadingState label={LOADING_TEXTS.generic} className="py-4" />
          ) : (
            <AssignRoleForm
              users={users.data ?? []}
              roles={roles.data ?? []}
              onDone={() => setFormOpen(false)}
            />
          )}
        </Card>
      ) : null}

      {assignments.isPending ? (
        <LoadingState label="Loading assignments..." />
      ) : assignments.isError ? (
        <Alert>{errorMessage(assignments.error)}</Alert>
      ) : assignments.data.length === 0 ? (
        <EmptyNote>No roles assigned yet.</EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-700 overflow-hidden rounded-xl border border-slate-700 bg-slate-900/70">
          {assignments.data.map((a) => (
            <li
              key={a.id}
              data-testid="role-assignment"
              className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium text-white">{a.user.displayName}</p>
                <p className="truncate text-slate-400 text-sm">{a.user.email}</p>
              </div>
              <Badge tone="violet">{a.role.fullName}</Badge>
              <p className="min-w-0 basis-40 text-slate-300 text-sm">
                <span className="block">Assigned by {a.assignedByName ?? 'unknown'}</span>
                <time dateTime={a.assignedAt} className="block text-slate-400 text-xs">
                  {formatDate(a.assignedAt)}
                </time>
              </p>
              <Button
                size="sm"
                variant="danger"
                busy={remove.isPending && remove.variables === a.id}
                icon={<Trash2 aria-hidden className="size-3.5" />}
                onClick={() => onRemove(a.id)}
                aria-label={`Remove ${a.role.fullName} from ${a.user.displayName}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
