import type { Role } from '@shared/contracts/roles';
import { ROLES_TEXTS } from '@shared/texts/roles';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyNote } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useDeleteRole, useRoles } from '../api';
import { RoleCard } from './role-card';
import { RoleForm } from './role-form';

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; role: Role };

/** The roles list with its create/edit form (the role and permission manager). */
export function RolesSection() {
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const close = () => setEditing({ mode: 'closed' });
  const formCard = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (editing.mode !== 'closed') formCard.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [editing]);

  const onDelete = (role: Role) => {
    if (!window.confirm(ROLES_TEXTS.confirmDeleteRole)) return;
    remove.mutate(role.id, {
      onSuccess: () => {
        toast.success('Role deleted.');
        if (editing.mode === 'edit' && editing.role.id === role.id) close();
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <section aria-labelledby="roles-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <HeadingBlock id="roles-heading" title="Roles">
          Bundles of permissions you can give to members.
        </HeadingBlock>
        {editing.mode === 'closed' ? (
          <Button
            icon={<Plus aria-hidden className="size-4" />}
            onClick={() => setEditing({ mode: 'create' })}
          >
            Create Role
          </Button>
        ) : null}
      </div>

      {editing.mode !== 'closed' ? (
        <div ref={formCard} className="scroll-mt-20">
          <Card className="p-4 sm:p-6">
            <h3 className="mb-4 font-semibold text-lg text-white">
              {editing.mode === 'edit' ? `Edit ${editing.role.fullName}` : 'New Role'}
            </h3>
            <RoleForm
              key={editing.mode === 'edit' ? editing.role.id : 'new'}
              role={editing.mode === 'edit' ? editing.role : null}
              onDone={close}
            />
          </Card>
        </div>
      ) : null}

      {roles.isPending ? (
        <LoadingState label="Loading roles..." />
      ) : roles.isError ? (
        <Alert>{errorMessage(roles.error)}</Alert>
      ) : roles.data.length === 0 ? (
        <EmptyNote>No roles yet.</EmptyNote>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {roles.data.map((role) => (
            <RoleCard
              key={role.id}
              role={role}
              onEdit={(r) => setEditing({ mode: 'edit', role: r })}
              onDelete={onDelete}
              deleting={remove.isPending && remove.variables === role.id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
