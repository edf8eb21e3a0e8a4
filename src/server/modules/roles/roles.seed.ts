import { sql } from 'drizzle-orm';
import { ROLE_TEMPLATES } from '../../../shared/permissions';
import type { DbOrTx } from '../../db/client';
import { roles } from './roles.table';

/**
 * System roles: the extra roles that open a section of the presenter panel. Their names and
 * permissions are locked; they cannot be deleted. Created at start-up when missing.
 */
export const SYSTEM_ROLES = [
  {
    name: 'news_reporter',
    fullName: 'News Reporter',
    description: 'Writes and publishes station news.',
    permissions: ['create_news', 'edit_own_news', 'publish_news'],
  },
  {
    name: 'radio_mentor',
    fullName: 'Radio Mentor',
    description: 'Trains new presenters and logs sessions.',
    permissions: [],
  },
  {
    name: 'radio_manager',
    fullName: 'Radio Manager',
    description: 'Runs presenters, the schedule and the playlists.',
    // The Radio Manager template's permissions.
    permissions: ROLE_TEMPLATES.radio_manager.permissions,
  },
  {
    name: 'manager',
    fullName: 'Manager',
    description: 'Station manager: presenter statistics and charts.',
    permissions: ['manage_presenters', 'view_analytics'],
  },
  {
    name: 'moderator',
    fullName: 'Moderator',
    description: 'Keeps chat and requests friendly.',
    permissions: ['moderate_comments', 'moderate_requests'],
  },
  {
    name: 'content_moderator',
    fullName: 'Content Moderator',
    description: 'Moderates community content.',
    permissions: ['moderate_comments'],
  },
  {
    name: 'developer',
    fullName: 'Developer',
    description: 'Database view, system logs and API keys.',
    permissions: [],
  },
];

/**
 * Creates the missing system roles and keeps the permissions of existing ones as this release defines them
 * (they are locked, so only a release changes them). Display names and descriptions stay the admin's.
 */
export async function ensureSystemRoles(db: DbOrTx) {
  await db
    .insert(roles)
    .values(SYSTEM_ROLES.map((r) => ({ ...r, permissions: [...r.permissions], isSystemRole: true })))
    .onConflictDoUpdate({
      target: roles.name,
      set: { permissions: sql`excluded.permissions` },
      setWhere: sql`${roles.isSystemRole}`,
    });
}
