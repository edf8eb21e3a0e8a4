import type { Me } from '@shared/contracts/accounts';
import type { Capability } from '@shared/permissions';
import { hasCapability } from '@web/app/capabilities';

/** The presenter panel's left menu. Never an Editor entry. */
export type PanelSection =
  | 'staff'
  | 'radio-presenter'
  | 'news-reporter'
  | 'mentor'
  | 'moderator'
  | 'manager'
  | 'developer';

export const PANEL_SECTIONS: { id: PanelSection; label: string; capability: Capability }[] = [
  { id: 'staff', label: 'Staff', capability: 'presenter.panel' },
  { id: 'radio-presenter', label: 'Radio Presenter', capability: 'schedule.own' },
  { id: 'news-reporter', label: 'News Reporter', capability: 'news.manage' },
  { id: 'mentor', label: 'Radio Mentor', capability: 'mentor.sessions' },
  { id: 'moderator', label: 'Moderator', capability: 'chat.moderate' },
  { id: 'manager', label: 'Manager', capability: 'manager.stats' },
  { id: 'developer', label: 'Developer', capability: 'developer.tools' },
];

/** The entries a member may use (admins all); the server refuses each section's data to the others. */
export function visibleSections(me: Me | null) {
  return PANEL_SECTIONS.filter((s) => hasCapability(me, s.capability));
}

export type PresenterTab =
  | 'ideas'
  | 'requests'
  | 'timetable'
  | 'go-live'
  | 'stream-info'
  | 'banned-songs'
  | 'rules';

export const PRESENTER_TABS: { id: PresenterTab; label: string }[] = [
  { id: 'ideas', label: 'Ideas' },
  { id: 'requests', label: 'Requests' },
  { id: 'timetable', label: 'Timetable' },
  { id: 'go-live', label: 'Go live' },
  { id: 'stream-info', label: 'Stream Info' },
  { id: 'banned-songs', label: 'Banned Songs' },
  { id: 'rules', label: 'Rules' },
];

/** Where a link into the panel lands (router state, not the URL: the panel's screens are in-page tabs). */
export interface PanelLocationState {
  section?: PanelSection;
  tab?: PresenterTab;
}
