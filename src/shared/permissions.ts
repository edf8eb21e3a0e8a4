/**
 * Roles, the permission catalogue and the one function that turns an actor's roles into capabilities.
 * Shared by server (enforcement) and web (display only: hiding a button is comfort, the server is the guard).
 */

/** Profile roles. `user` is the default. */
export const PROFILE_ROLES = [
  'user',
  'presenter',
  'admin',
  'staff',
  'station_director',
  'news_reporter',
  'content_moderator',
  'technical_support',
  'radio_manager',
  'content_director',
  'technical_lead',
  'marketing_manager',
  'community_manager',
] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

/** Extra role names that unlock presenter-panel sections when held as profile role or assigned role. */
export const EXTRA_ROLE_NAMES = [
  'news_reporter',
  'radio_mentor',
  'radio_manager',
  'manager',
  'moderator',
  'content_moderator',
  'developer',
] as const;

/** The permission catalogue, in the order the role form lists it. */
export const PERMISSION_CATALOGUE = [
  'manage_users',
  'manage_roles',
  'manage_shop',
  'manage_news',
  'manage_schedule',
  'manage_requests',
  'view_analytics',
  'create_news',
  'edit_own_news',
  'publish_news',
  'stream_access',
  'priority_requests',
  'exclusive_features',
  'moderate_requests',
  'moderate_comments',
  'manage_own_schedule',
  'manage_station_settings',
  'manage_presenters',
  'manage_playlists',
  'manage_advertisements',
  'view_financial_reports',
  'manage_competitions',
  'manage_social_media',
  'technical_support',
  'content_creation',
  'event_management',
  'listener_engagement',
  'broadcast_control',
  'emergency_broadcast',
  'station_branding',
  'partnership_management',
] as const;
export type Permission = (typeof PERMISSION_CATALOGUE)[number];

/** The five role templates. */
export const ROLE_TEMPLATES: Record<
  string,
  { fullName: string; description: string; permissions: Permission[] }
> = {
  radio_manager: {
    fullName: 'Radio Manager',
    description: 'Runs presenters, the schedule and the playlists.',
    permissions: [
      'manage_presenters',
      'manage_schedule',
      'manage_playlists',
      'view_analytics',
      'manage_station_settings',
    ],
  },
  content_director: {
    fullName: 'Content Director',
    description: 'Leads news and station content.',
    permissions: ['manage_news', 'create_news', 'publish_news', 'content_creation', 'manage_competitions'],
  },
  technical_lead: {
    fullName: 'Technical Lead',
    description: 'Keeps the stream and the systems running.',
    permissions: ['technical_support', 'broadcast_control', 'manage_station_settings', 'emergency_broadcast'],
  },
  marketing_manager: {
    fullName: 'Marketing Manager',
    description: 'Social media, partnerships and the station brand.',
    permissions: ['manage_social_media', 'partnership_management', 'station_branding', 'event_management'],
  },
  community_manager: {
    fullName: 'Community Manager',
    description: 'Looks after listeners, comments and requests.',
    permissions: ['listener_engagement', 'moderate_comments', 'moderate_requests', 'manage_competitions'],
  },
};

/**
 * Server capabilities. Every route declares `public`, `signed-in` or one of these.
 * Deliberately, no catalogue permission grants `users.manage` or `roles.manage`: holding them would let a
 * non-admin raise their own rights, so people and roles stay with admins (the role manager is for admins only).
 */
export const CAPABILITIES = [
  'admin.panel',
  'users.manage',
  'roles.manage',
  'notifications.send',
  'presenter.panel',
  'staff.panel',
  'requests.manage',
  'news.manage',
  'support.manage',
  'schedule.manage',
  'schedule.own',
  'station.control',
  'station.stream',
  'settings.manage',
  'shop.manage',
  'analytics.view',
  'chat.presenterReply',
  'chat.moderate',
  'mentor.sessions',
  'manager.stats',
  'chart.generate',
  'developer.tools',
  'banned.manage',
  'applications.review',
  'content.manage',
  'media.manage',
  /** Hide or delete any presenter's show recording (presenters manage their own). */
  'recordings.manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * What a profile role grants beyond its catalogue permissions. An assigned role grants these only when it is
 * one of the locked system roles (EXTRA_ROLE_NAMES): an assigned role that happens to be called `admin`,
 * `presenter` or `staff` is not that profile role and grants only its catalogue permissions.
 */
const ROLE_CAPABILITIES: Record<string, Capability[]> = {
  user: [],
  presenter: ['presenter.panel', 'requests.manage', 'schedule.own', 'station.stream', 'chat.presenterReply'],
  // 'Send as Presenter' is for presenters and admins only; staff widget messages are still
  // flagged automatically by the chat service. Staff run the station day to day from the staff panel:
  // requests and the schedule (docs/product/staff-and-admin.md).
  staff: ['staff.panel', 'requests.manage', 'schedule.manage'],
  station_director: ['presenter.panel', 'staff.panel', 'analytics.view', 'manager.stats', 'chart.generate'],
  news_reporter: ['presenter.panel', 'news.manage'],
  content_moderator: ['presenter.panel', 'chat.moderate'],
  moderator: ['presenter.panel', 'chat.moderate'],
  technical_support: ['presenter.panel', 'support.manage'],
  radio_manager: ['presenter.panel', 'manager.stats', 'chart.generate'],
  manager: ['presenter.panel', 'manager.stats', 'chart.generate'],
  radio_mentor: ['presenter.panel', 'mentor.sessions'],
  developer: ['presenter.panel', 'developer.tools'],
  content_director: ['presenter.panel'],
  technical_lead: ['presenter.panel'],
  marketing_manager: ['presenter.panel'],
  community_manager: ['presenter.panel'],
};

/** What a catalogue permission grants on the server. Permissions not listed are recorded but grant nothing yet. */
const PERMISSION_CAPABILITIES: Partial<Record<Permission, Capability[]>> = {
  manage_shop: ['shop.manage'],
  manage_news: ['news.manage'],
  create_news: ['news.manage'],
  publish_news: ['news.manage'],
  edit_own_news: ['news.manage'],
  manage_schedule: ['schedule.manage'],
  manage_own_schedule: ['schedule.own'],
  manage_requests: ['requests.manage'],
  moderate_requests: ['requests.manage'],
  view_analytics: ['analytics.view'],
  view_financial_reports: ['analytics.view'],
  stream_access: ['station.stream'],
  moderate_comments: ['chat.moderate'],
  manage_station_settings: ['settings.manage'],
  manage_presenters: ['manager.stats', 'chart.generate', 'recordings.manage'],
  broadcast_control: ['station.control'],
  emergency_broadcast: ['station.control'],
  technical_support: ['support.manage'],
  manage_playlists: ['media.manage'],
};

export interface AssignedRole {
  name: string;
  permissions: string[];
}

export interface EffectiveAccess {
  /** Profile role first, then assigned role names, without duplicates. */
  roles: string[];
  /** Catalogue permissions from the role templates of profile roles and from assigned roles. */
  permissions: Permission[];
  capabilities: Capability[];
  isAdmin: boolean;
  isPresenter: boolean;
}

const isSystemRoleName = (name: string) => (EXTRA_ROLE_NAMES as readonly string[]).includes(name);

/**
 * Names an assigned role may not take: the profile roles (admin, presenter, staff…). The system roles that
 * share a profile role's name (news_reporter, radio_manager, content_moderator) exist already and are locked.
 */
export function isProfileRoleName(name: string): boolean {
  return (PROFILE_ROLES as readonly string[]).includes(name);
}

const isPermission = (p: string): p is Permission => (PERMISSION_CATALOGUE as readonly string[]).includes(p);

/** The single function that computes an actor's rights from the profile role and assigned roles. */
export function computeAccess(profileRole: string, assigned: AssignedRole[]): EffectiveAccess {
  const roles = [profileRole, ...assigned.map((a) => a.name)].filter((r, i, all) => all.indexOf(r) === i);
  if (profileRole === 'admin') {
    return {
      roles,
      permissions: [...PERMISSION_CATALOGUE],
      capabilities: [...CAPABILITIES],
      isAdmin: true,
      isPresenter: true,
    };
  }
  const permissions = new Set<Permission>();
  for (const a of assigned) for (const p of a.permissions) if (isPermission(p)) permissions.add(p);
  const template = ROLE_TEMPLATES[profileRole];
  if (template) for (const p of template.permissions) permissions.add(p);

  const caps = new Set<Capability>();
  for (const c of ROLE_CAPABILITIES[profileRole] ?? []) caps.add(c);
  for (const a of assigned)
    if (isSystemRoleName(a.name)) for (const c of ROLE_CAPABILITIES[a.name] ?? []) caps.add(c);
  // Any extra assigned role opens the presenter panel (the panel's own check).
  if (assigned.length > 0) caps.add('presenter.panel');
  for (const p of permissions) for (const c of PERMISSION_CAPABILITIES[p] ?? []) caps.add(c);

  return {
    roles,
    permissions: [...permissions],
    capabilities: CAPABILITIES.filter((c) => caps.has(c)),
    isAdmin: false,
    isPresenter: profileRole === 'presenter',
  };
}

export function hasCapability(access: Pick<EffectiveAccess, 'capabilities'>, cap: Capability): boolean {
  return access.capabilities.includes(cap);
}

/** Role name normalisation for the role manager: lowercased, spaces to underscores. */
export function normaliseRoleName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

/** 'news_reporter' -> 'News Reporter'. */
export function formatRoleName(role: string): string {
  return role
    .split('_')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}
