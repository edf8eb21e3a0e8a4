import type { Application } from '@shared/contracts/applications';
import type { Badge } from '@shared/contracts/badges';
import type { TrackSort } from '@shared/contracts/media';
import type { Member } from '@shared/contracts/members';
import type { Notification } from '@shared/contracts/notifications';
import type { MusicSearchResult, RequestStatus, SongRequest } from '@shared/contracts/requests';
import type { ScheduleSlot } from '@shared/contracts/schedule';
import type { PresenterStats } from '@shared/contracts/staff';
import type { Ticket, TicketStatus } from '@shared/contracts/support';
import type { z } from 'zod';

/**
 * The shapes of the reads the web app caches that have no contract in src/shared. They live here, below
 * the features, so the query-key factory (query-keys.ts) can name them without importing a feature.
 */

export interface MyApplicationsData {
  applications: Application[];
  canApply: boolean;
  daysRemaining: number;
}

export interface UserBadge {
  id: string;
  unlockedAt: string;
  badge: Badge;
}
export interface MyBadgesData {
  badges: UserBadge[];
  total: number;
}

export interface TrackListParams {
  q: string;
  page: number;
  sort: TrackSort;
  dir: 'asc' | 'desc';
}

export interface NotificationList {
  notifications: Notification[];
  unreadCount: number;
}

export interface StatsData {
  stats: PresenterStats[];
  generatedAt: string | null;
}

export interface RequestListData {
  requests: SongRequest[];
  total: number;
  counts: Record<RequestStatus, number>;
}
export type MusicSearchData = z.infer<typeof MusicSearchResult>;

export interface RoleCatalogue {
  permissions: string[];
  templates: Record<string, { fullName: string; description: string; permissions: string[] }>;
}

export interface ScheduleData {
  timezone: string;
  slots: ScheduleSlot[];
}

export type TicketList = { tickets: Ticket[] };
export type TicketStatusFilter = TicketStatus | 'all';

export interface TeamMember extends Member {
  socials: Record<string, string | null>;
}
export interface TeamGroup {
  role: string;
  roleName: string;
  members: TeamMember[];
}
export interface TeamData {
  core: TeamMember[];
  specialised: TeamGroup[];
  counts: { total: number; core: number; specialised: number };
}
