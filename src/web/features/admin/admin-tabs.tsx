import { ApplicationsReview } from '@web/features/applications/components/applications-review';
import { BannedSongsPanel } from '@web/features/banned-songs/components/banned-songs-panel';
import { CarouselAdminTab } from '@web/features/content/components/carousel-admin-tab';
import { RecognisedStreamersAdminTab } from '@web/features/content/components/recognised-streamers-admin-tab';
import { DiscordAdminTab } from '@web/features/discord/components/discord-admin-tab';
import { RoleManager } from '@web/features/roles/components/role-manager';
import { AdminShopTab } from '@web/features/shop/components/admin-shop-tab';
import { GiveItemsTab } from '@web/features/shop/components/give-items-tab';
import { PaymentsTab } from '@web/features/shop/components/payments-tab';
import { RadioControl } from '@web/features/station/components/radio-control';
import { StreamersAdmin } from '@web/features/station/components/streamers-admin';
import { UserManagement } from '@web/features/users/components/user-management';
import {
  Ban,
  BarChart3,
  CalendarDays,
  ClipboardList,
  CreditCard,
  Gift,
  Images,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Mic,
  Music,
  PartyPopper,
  Settings,
  ShieldCheck,
  ShoppingBag,
  SlidersHorizontal,
  Tv,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { AdminTabId, AdminTabProps } from './admin-tab-props';
import { AnalyticsTab } from './components/analytics-tab';
import { DashboardTab } from './components/dashboard-tab';
import { GiveawaysTab } from './components/giveaways-tab';
import { SiteSettingsTab } from './components/site-settings-tab';
import { TimetableTab } from './components/timetable-tab';
import { MusicTab } from './music/components/music-tab';

/** The banned songs panel as a tab (its heading is a section of the admin page). */
const BannedSongsTab = () => <BannedSongsPanel heading="h2" />;

export interface AdminTab {
  id: AdminTabId;
  label: string;
  icon: LucideIcon;
  component: ComponentType<AdminTabProps>;
}

/**
 * The tab registry, in the panel's order: id → label → component.
 */
export const ADMIN_TABS: AdminTab[] = [
  { id: 'accounts', label: 'Dashboard', icon: LayoutDashboard, component: DashboardTab },
  { id: 'user-management', label: 'User Management', icon: Users, component: UserManagement },
  { id: 'roles', label: 'Roles', icon: ShieldCheck, component: RoleManager },
  { id: 'shop', label: 'Shop', icon: ShoppingBag, component: AdminShopTab },
  { id: 'give-items', label: 'Give Items', icon: Gift, component: GiveItemsTab },
  { id: 'timetable', label: 'Timetable', icon: CalendarDays, component: TimetableTab },
  { id: 'streamers', label: 'Streamers', icon: Mic, component: StreamersAdmin },
  {
    id: 'recognised-streamers',
    label: 'Recognised Streamers',
    icon: Tv,
    component: RecognisedStreamersAdminTab,
  },
  { id: 'radio-control', label: 'Radio Control', icon: SlidersHorizontal, component: RadioControl },
  { id: 'music', label: 'Music', icon: Music, component: MusicTab },
  { id: 'discord', label: 'Discord', icon: MessageSquare, component: DiscordAdminTab },
  { id: 'site-settings', label: 'Site Settings', icon: Settings, component: SiteSettingsTab },
  { id: 'applications', label: 'Applications', icon: ClipboardList, component: ApplicationsReview },
  { id: 'giveaways', label: 'Giveaways', icon: PartyPopper, component: GiveawaysTab },
  { id: 'analytics', label: 'Analytics', icon: BarChart3, component: AnalyticsTab },
  { id: 'payments', label: 'Payments', icon: CreditCard, component: PaymentsTab },
  { id: 'banned-songs', label: 'Banned Songs', icon: Ban, component: BannedSongsTab },
  { id: 'carousel', label: 'Carousel', icon: Images, component: CarouselAdminTab },
];
