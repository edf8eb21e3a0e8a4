import { useMe } from '@web/app/session';
import { AccessDenied } from '@web/components/access-denied';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { ApplicationsReview } from '@web/features/applications/components/applications-review';
import { BannedSongsPanel } from '@web/features/banned-songs/components/banned-songs-panel';
import { RoleManager } from '@web/features/roles/components/role-manager';
import { RadioControl } from '@web/features/station/components/radio-control';
import { StreamersAdmin } from '@web/features/station/components/streamers-admin';
import { UserManagement } from '@web/features/users/components/user-management';
import { type ComponentType, useState } from 'react';

type AdminTab = 'user-management' | 'roles' | 'radio-control' | 'streamers' | 'applications' | 'banned-songs';

const TABS: { id: AdminTab; label: string }[] = [
  { id: 'user-management', label: 'User management' },
  { id: 'roles', label: 'Roles' },
  { id: 'radio-control', label: 'Radio Control' },
  { id: 'streamers', label: 'Streamers' },
  { id: 'applications', label: 'Applications' },
  { id: 'banned-songs', label: 'Banned Songs' },
];

const PANELS: Record<AdminTab, ComponentType> = {
  'user-management': UserManagement,
  roles: RoleManager,
  'radio-control': RadioControl,
  streamers: StreamersAdmin,
  applications: ApplicationsReview,
  'banned-songs': BannedSongsPanel,
};

/** /admin: the Admin Panel (admins only). Tabs are chosen in the page, not by URL. */
export default function AdminPage() {
  const { me } = useMe();
  const [tab, setTab] = useState<AdminTab>('user-management');
  if (!me?.isAdmin) return <AccessDenied />;
  const Panel = PANELS[tab];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="font-extrabold text-3xl text-white tracking-tight">Admin Panel</h1>
        <p className="mt-1 text-slate-300">Manage the station's members, roles and radio engine.</p>
      </header>
      <Tabs
        idBase="admin"
        label="Admin Panel sections"
        items={TABS}
        value={tab}
        onChange={setTab}
        className="mb-8"
      />
      <TabPanel idBase="admin" id={tab}>
        <Panel />
      </TabPanel>
    </div>
  );
}
