import { AssignmentsSection } from './assignments-section';
import { RolesSection } from './roles-section';

/** The role and permission manager: roles with their form, then assignments with theirs. */
export function RoleManager() {
  return (
    <div className="flex flex-col gap-10">
      <RolesSection />
      <AssignmentsSection />
    </div>
  );
}
