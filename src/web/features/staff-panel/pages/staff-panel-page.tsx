import { LIMITS } from '@shared/limits';
import { ACCESS_TEXTS, LOADING_TEXTS } from '@shared/texts/common';
import { useMe } from '@web/app/session';
import { AccessDenied } from '@web/components/access-denied';
import { LoadingState } from '@web/components/ui/spinner';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { ApplicationsReview } from '@web/features/applications/components/applications-review';
import { RecentRequests } from '@web/features/requests/components/recent-requests';
import { RoleManager } from '@web/features/roles/components/role-manager';
import { UserManagement } from '@web/features/users/components/user-management';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { MySchedule } from '../components/my-schedule';
import { NewsTab } from '../components/news-tab';
import { ScheduleManager } from '../components/schedule-manager';
import { ShopTab } from '../components/shop-tab';
import { StreamTab } from '../components/stream-tab';
import { type StaffTab, staffTabs } from '../staff-tabs';

const RequestManagement = lazy(() => import('@web/features/requests/components/request-management'));

/** Request management as on the requests page: the on/off switch and counts, then the requests to act on. */
const Requests = () => (
  <div className="flex flex-col gap-6">
    <Suspense fallback={<LoadingState label={LOADING_TEXTS.generic} />}>
      <RequestManagement />
    </Suspense>
    <RecentRequests canManage limit={LIMITS.staffRequestsShown} />
  </div>
);

const PANELS: Record<StaffTab, ComponentType> = {
  users: UserManagement,
  applications: ApplicationsReview,
  requests: Requests,
  schedule: ScheduleManager,
  roles: RoleManager,
  news: NewsTab,
  shop: ShopTab,
  stream: StreamTab,
  'my-schedule': MySchedule,
};

/** /staff-panel: admins all tabs, the staff role Requests and Schedule, a presenter only My Schedule. */
export default function StaffPanelPage() {
  const { me, isPending } = useMe();
  const [picked, setPicked] = useState<StaffTab | null>(null);
  if (isPending) return <LoadingState label={LOADING_TEXTS.generic} />;
  if (!me) return <Navigate to="/" replace />;
  const tabs = staffTabs(me);
  if (tabs.length === 0) return <AccessDenied message={ACCESS_TEXTS.staffRequired} />;
  const tab = tabs.find((t) => t.id === picked)?.id ?? tabs[0].id;
  const Panel = PANELS[tab];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="font-extrabold text-3xl text-white tracking-tight">Staff Panel</h1>
        <p className="mt-1 text-slate-300">
          {me.isAdmin
            ? 'Run the station: people, shows, requests and the stream.'
            : 'Your part of running the station.'}
        </p>
      </header>
      {tabs.length > 1 ? (
        <>
          <Tabs
            idBase="staff"
            label="Staff Panel sections"
            items={tabs}
            value={tab}
            onChange={setPicked}
            className="mb-8"
          />
          <TabPanel idBase="staff" id={tab}>
            <Panel />
          </TabPanel>
        </>
      ) : (
        <Panel />
      )}
    </div>
  );
}
