import { errorMessage } from '@web/app/data/api-client';
import { formatClock } from '@web/app/format-date';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { type LucideIcon, Mic, RefreshCw, ShoppingBag, Users } from 'lucide-react';
import type { AdminTabId, AdminTabProps } from '../admin-tab-props';
import { useDashboard } from '../api';
import { StatCards } from './stat-cards';
import { SystemStatus } from './system-status';
import { TabHeader } from './tab-header';

const QUICK_ACTIONS: { tab: AdminTabId; label: string; icon: LucideIcon }[] = [
  { tab: 'user-management', label: 'Manage users', icon: Users },
  { tab: 'shop', label: 'Manage shop', icon: ShoppingBag },
  { tab: 'streamers', label: 'Manage streamers', icon: Mic },
];

/** Admin Panel › Dashboard (the 'accounts' tab): the four figures, quick actions and the system status. */
export function DashboardTab({ goTo }: AdminTabProps) {
  const dashboard = useDashboard();

  if (dashboard.isPending) return <LoadingState label="Loading dashboard..." />;
  if (dashboard.isError) return <Alert>{errorMessage(dashboard.error)}</Alert>;
  const { stats, status } = dashboard.data;

  return (
    <section
      aria-labelledby="dashboard-heading"
      className="flex flex-col gap-6"
      data-testid="admin-dashboard"
    >
      <TabHeader id="dashboard-heading" title="Dashboard">
        The station at a glance.
      </TabHeader>
      <StatCards stats={stats} revenueDecimals={2} />

      <div>
        <h3 className="mb-3 font-semibold text-lg text-white">Quick actions</h3>
        <div className="flex flex-wrap gap-2">
          {QUICK_ACTIONS.map(({ tab, label, icon: Icon }, i) => (
            <Button
              key={tab}
              variant={i === 0 ? 'primary' : 'secondary'}
              icon={<Icon aria-hidden className="size-4" />}
              onClick={() => goTo(tab)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-lg text-white">System status</h3>
          <div className="flex items-center gap-2 text-slate-400 text-xs">
            <span>Checked at {formatClock(status.checkedAt)}</span>
            <Button
              variant="ghost"
              size="sm"
              busy={dashboard.isFetching}
              icon={<RefreshCw aria-hidden className="size-4" />}
              onClick={() => void dashboard.refetch()}
            >
              Check again
            </Button>
          </div>
        </div>
        <SystemStatus status={status} />
      </div>
    </section>
  );
}
