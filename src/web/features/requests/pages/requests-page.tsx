import { hasCapability } from '@web/app/capabilities';
import { useMe } from '@web/app/session';
import { PageTitle } from '@web/components/page-title';
import { LoadingState } from '@web/components/ui/spinner';
import { Send } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useRequestList, useRequestSettings } from '../api';
import { NextLiveShow } from '../components/next-live-show';
import { RecentRequests } from '../components/recent-requests';
import { RequestForm } from '../components/request-form';
import { RequestGuidelines } from '../components/request-guidelines';
import { RequestsBanner } from '../components/requests-banner';

// Staff-only: never downloaded by listeners.
const RequestManagement = lazy(() => import('../components/request-management'));

/** /requests: status banner, the request form, management (staff), recent requests and guidelines. */
export default function RequestsPage() {
  const { me } = useMe();
  const settings = useRequestSettings();
  const all = useRequestList(null);
  const canManage = hasCapability(me, 'requests.manage');
  const counts = all.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <PageTitle
          icon={Send}
          intro="Ask the presenter for a song, send a shoutout, a joke or a competition entry."
        >
          Song Requests
        </PageTitle>
      </header>
      <RequestsBanner settings={settings.data} total={total} />
      {settings.data && !settings.data.liveNow ? <NextLiveShow /> : null}
      {/* One column on small screens in the page's order; on wide ones the form and guidelines sit left. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_1fr]">
        <section
          aria-labelledby="request-form-heading"
          className="min-w-0 self-start rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5 lg:col-start-1 lg:row-start-1"
        >
          <h2 id="request-form-heading" className="mb-4 font-bold text-lg text-white">
            Make a Request
          </h2>
          <RequestForm variant="page" />
        </section>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {canManage ? (
            <Suspense fallback={<LoadingState label="Loading request management..." />}>
              <RequestManagement />
            </Suspense>
          ) : null}
          <RecentRequests canManage={canManage} />
        </div>
        <div className="min-w-0 self-start lg:col-start-1 lg:row-start-2">
          <RequestGuidelines settings={settings.data} />
        </div>
      </div>
    </div>
  );
}
