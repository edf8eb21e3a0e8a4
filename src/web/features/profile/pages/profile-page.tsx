import { PROFILE_TEXTS } from '@shared/texts/accounts';
import { LOADING_TEXTS } from '@shared/texts/common';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { BadgeCollection } from '@web/features/badges/components/badge-collection';
import { LogIn, UserRound } from 'lucide-react';
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

function LoggedOut() {
  const { openAuth } = useAuthModal();
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-pink-500/15 text-pink-300">
        <UserRound aria-hidden className="size-7" />
      </span>
      <h1 className="font-bold text-2xl text-white">Your Profile</h1>
      <p className="text-slate-300">{PROFILE_TEXTS.loggedOut}</p>
      <Button onClick={() => openAuth('login')} icon={<LogIn aria-hidden className="size-4" />}>
        Login
      </Button>
    </Card>
  );
}

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
        <LoggedOut />
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
