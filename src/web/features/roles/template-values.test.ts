import { isProfileRoleName, ROLE_TEMPLATES } from '@shared/permissions';
import { describe, expect, it } from 'vitest';
import { templateRoleValues } from './template-values';

describe('role templates fill the form under a name of their own', () => {
  it('never suggests a profile role name, nor a name already taken', () => {
    for (const [key, template] of Object.entries(ROLE_TEMPLATES)) {
      const v = templateRoleValues(key, template, ['radio_manager', 'content_director_team']);
      expect(isProfileRoleName(v.name)).toBe(false);
      expect(v.permissions).toEqual(template.permissions);
      expect(v.description).toBe(template.description);
    }
    expect(
      templateRoleValues('content_director', ROLE_TEMPLATES.content_director, ['content_director_team']),
    ).toMatchObject({ name: 'content_director_team_2', fullName: 'Content Director Team' });
    expect(templateRoleValues('radio_manager', ROLE_TEMPLATES.radio_manager, [])).toMatchObject({
      name: 'radio_manager_team',
      fullName: 'Radio Manager Team',
    });
  });
});
