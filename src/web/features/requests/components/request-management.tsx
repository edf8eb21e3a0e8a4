import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { toast } from '@web/app/toast/toast';
import { SectionTitle } from '@web/components/section-title';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { clsx } from 'clsx';
import { Settings2 } from 'lucide-react';
import { useRequestList, useRequestSettings, useUpdateRequestSettings } from '../api';
import { RequestCounts } from './request-counts';

const COUNT_TONES = {
  pending: 'text-amber-300',
  approved: 'text-emerald-300',
  rejected: 'text-red-300',
  played: 'text-sky-300',
} as const;

/**
 * The request management panel for 'requests.manage' holders (a lazy chunk): the switch that turns song
 * requests on and off, the live state it depends on, and the counts by status.
 */
export default function RequestManagement() {
  const settings = useRequestSettings();
  const all = useRequestList(null);
  const update = useUpdateRequestSettings();
  const enabled = settings.data?.enabled ?? false;
  const counts = all.data?.counts;

  const toggle = () => update.mutate(!enabled, { onError: () => toast.error(REQUESTS_TEXTS.settingsFailed) });

  return (
    <section
      aria-labelledby="request-management-heading"
      data-testid="request-management"
      className="flex flex-col gap-5 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
    >
      <SectionTitle id="request-management-heading" icon={Settings2}>
        Request Management
      </SectionTitle>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-700 bg-slate-950/40 p-4">
        <div className="min-w-0">
          <p id="requests-enabled-label" className="font-semibold text-white">
            Song requests enabled
          </p>
          <p className="text-slate-400 text-sm" data-testid="request-live-state">
            {settings.data?.liveNow
              ? `${settings.data.liveStreamerName || 'A presenter'} is live: listeners can send requests while this is on.`
              : 'Nobody is live: requests stay closed until a presenter goes live.'}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {update.isPending ? <Spinner size="sm" className="text-pink-400" /> : null}
          <span className="text-slate-300 text-sm" aria-hidden>
            {enabled ? 'On' : 'Off'}
          </span>
          <Switch
            checked={enabled}
            tone="emerald"
            size="lg"
            aria-labelledby="requests-enabled-label"
            disabled={settings.isPending || update.isPending}
            onChange={toggle}
          />
        </div>
      </div>
      <RequestCounts
        counts={counts}
        boxClassName="bg-slate-950/40"
        valueClassName={(s) => clsx('font-extrabold text-2xl tabular-nums', COUNT_TONES[s])}
        testIdPrefix="count-"
      />
    </section>
  );
}
