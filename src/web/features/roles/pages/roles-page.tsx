import { useMe } from '@web/app/session';
import { AccessDenied } from '@web/components/access-denied';
import { RoleManager } from '../components/role-manager';

/** /roles: role and permission management, admins only. */
export default function RolesPage() {
  const { me } = useMe();
  if (!me?.isAdmin) return <AccessDenied />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-8">
        <h1 className="font-extrabold text-3xl text-white tracking-tight">Role Management</h1>
        <p className="mt-1 text-slate-300">
          Create roles from the permission catalogue and assign them to members.
        </p>
      </header>
      <RoleManager />
    </div>
  );
}
