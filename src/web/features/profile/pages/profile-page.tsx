import { PROFILE_TEXTS } from '@shared/texts/accounts';
import { LOADING_TEXTS } from '@shared/texts/common';
import { useMe } from '@web/app/session';
import { LoadingState } from '@web/components/ui/spinner';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { LoginCard } from '@web/features/auth/components/login-card';
import { BadgeCollection } from '@web/features/badges/components/badge-collection';
import { UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { OverviewTab } from '../components/overview-tab';
import { ProfileHeader } from '../components/profile-header';
import { PurchasesTab } from '../components/purchases-tab';
import { SettingsTab } from '../components/settings-tab';

const SupportCentre = lazy(() =>
  import('@web/features/support/components/support-centre').then((m) => ({ default: m.SupportCentre })),
);
const ApplyContent = lazy(() =>
  import('@web/features/applications/pages/apply-page').then((m) => ({ default: m.ApplyContent })),
);

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'purchases', label: 'Purchases' },
  { id: 'settings', label: 'Settings' },
  { id: 'badges', label: 'Badges' },
  { id: 'apply', label: 'Apply' },
  { id: 'support', label: 'Support' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const isTab = (v: string | null): v is TabId => TABS.some((t) => t.id === v);
const ID_BASE = 'profile';

/** /profile: the member's own page with six tabs; the tab lives in ?tab= so it can be linked. */
export default function ProfilePage() {
  const { me, isPending } = useMe();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabId = isTab(raw) ? raw : 'overview';

  if (isPending) return <LoadingState label={LOADING_TEXTS.generic} />;
  if (!me) {
    return (
      <div className="px-4 py-12 sm:px-6">
        <LoginCard icon={UserRound} title="Your Profile">
          {PROFILE_TEXTS.loggedOut}
        </LoginCard>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <ProfileHeader me={me} />
      <Tabs
        idBase={ID_BASE}
        items={[...TABS]}
        value={tab}
        onChange={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })}
        label="Profile sections"
        className="max-sm:grid max-sm:grid-cols-3"
      />
      <TabPanel idBase={ID_BASE} id={tab}>
        {tab === 'overview' ? <OverviewTab me={me} /> : null}
        {tab === 'purchases' ? <PurchasesTab /> : null}
        {tab === 'settings' ? <SettingsTab me={me} /> : null}
        {tab === 'badges' ? <BadgeCollection /> : null}
        {tab === 'apply' ? (
          <Suspense fallback={<LoadingState label={LOADING_TEXTS.generic} />}>
            <ApplyContent />
          </Suspense>
        ) : null}
        {tab === 'support' ? (
          <Suspense fallback={<LoadingState label={LOADING_TEXTS.generic} />}>
            <SupportCentre />
          </Suspense>
        ) : null}
      </TabPanel>
    </div>
  );
}
