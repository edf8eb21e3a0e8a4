/** Roles and role assignments (modules/roles, features/roles). Texts convention: see common.ts. */
export const ROLES_TEXTS = {
  duplicateAssignment: 'This user already has this role assigned.',
  duplicateAssignmentStaff: 'User already has this role assigned',
  assignError: 'Error assigning role. Please try again.',
  assigned: 'Role assigned successfully!',
  confirmDeleteRole: 'Are you sure you want to delete this role? This will remove all user assignments.',
  confirmRemoveAssignment: 'Are you sure you want to remove this role assignment?',
  systemRoleLocked: 'System roles cannot be changed or deleted.',
  nameTaken: 'A role with this name already exists.',
  nameRequired: 'Role name is required',
  displayNameRequired: 'Display name is required',
  lastAdmin: 'The station needs at least one admin. Make someone else an admin first.',
  roleChanged: 'Role updated.',
  profileRoleName: 'This name belongs to a profile role. Please choose another name for the role.',
} as const;
