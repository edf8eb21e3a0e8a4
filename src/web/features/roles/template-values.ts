import { normaliseRoleName } from '@shared/permissions';

export type TemplateValues = {
  name: string;
  fullName: string;
  description: string;
  permissions: string[];
};

/**
 * The role form's values from a template. A template is named after a profile role (radio_manager…), a
 * name an assigned role may not take, so the new role is '<template>_team' ('Radio Manager Team'), with a
 * number added when that name is taken.
 */
export function templateRoleValues(
  key: string,
  template: { fullName: string; description: string; permissions: readonly string[] },
  takenNames: readonly string[],
): TemplateValues {
  const base = normaliseRoleName(`${key}_team`);
  const taken = new Set(takenNames);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  return {
    name,
    fullName: `${template.fullName} Team`,
    description: template.description,
    permissions: [...template.permissions],
  };
}
