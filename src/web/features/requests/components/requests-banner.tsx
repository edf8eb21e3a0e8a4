import type { RequestSettings } from '@shared/contracts/requests';
import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { clsx } from 'clsx';
import { Inbox, Mic, Radio } from 'lucide-react';
import { requestsOpen } from '../request-rules';

/** The Requests page's status banner: who is on air, whether requests are open, how many there are. */
export function RequestsBanner({
  settings,
  total,
}: {
  settings: RequestSettings | undefined;
  total: number | null;
}) {
  const live = Boolean(settings?.liveNow);
  const open = settings ? requestsOpen(settings) : null;
  return (
    <section
      aria-label="Request status"
      data-testid="requests-banner"
      className="grid gap-3 rounded-2xl border border-slate-700/80 bg-gradient-to-r from-violet-950/60 via-slate-900 to-pink-950/40 p-4 sm:grid-cols-3 sm:p-5"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span
          className={clsx(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            live ? 'bg-rose-600 text-white' : 'bg-slate-800 text-slate-300',
          )}
        >
          {live ? <Mic aria-hidden className="size-5" /> : <Radio aria-hidden className="size-5" />}
        </span>
        <div className="min-w-0">
          <p className="text-slate-400 text-xs uppercase tracking-wider">{live ? 'Live now' : 'On air'}</p>
          <p className="truncate font-semibold text-white" data-testid="requests-on-air">
            {live ? settings?.liveStreamerName || 'Live presenter' : REQUESTS_TEXTS.autoDjActive}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className={clsx(
            'size-3 shrink-0 rounded-full',
            open === null ? 'bg-slate-500' : open ? 'bg-emerald-400' : 'bg-red-400',
          )}
        />
        <div>
          <p className="text-slate-400 text-xs uppercase tracking-wider">Requests</p>
          <p
            className={clsx('font-semibold', open ? 'text-emerald-300' : 'text-red-300')}
            data-testid="requests-open-state"
            data-open={open === null ? undefined : String(open)}
          >
            {open === null ? '…' : open ? 'Open' : 'Closed'}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Inbox aria-hidden className="size-5 shrink-0 text-pink-300" />
        <div>
          <p className="text-slate-400 text-xs uppercase tracking-wider">Total requests</p>
          <p className="font-semibold text-white tabular-nums" data-testid="requests-total">
            {total ?? '…'}
          </p>
        </div>
      </div>
    </section>
  );
}
