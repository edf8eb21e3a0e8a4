import type { MyConnection } from '@shared/contracts/station';
import { errorMessage } from '@web/app/data/api-client';
import { formatClock } from '@web/app/format-date';
import { useNow } from '@web/app/hooks/use-now';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { CalendarClock, PlugZap, Unplug } from 'lucide-react';
import { durationLabel, formatLabel } from '../connection-format';
import { useMyConnection } from '../control-api';

function SlotRule({ data }: { data: MyConnection }) {
  if (!data.bookedSlotsOnly) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-sky-500/30 bg-sky-500/10 p-3 text-sky-100 text-sm">
      <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-300" />
      <span>
        This station lets presenters go live only in their booked slots, from {data.graceMinutes} minutes
        before the start to {data.graceMinutes} minutes after the end. Outside them the server refuses your
        connection, even with the right password.
      </span>
    </p>
  );
}

function Connected({ data, session }: { data: MyConnection; session: NonNullable<MyConnection['session']> }) {
  const now = useNow(30_000);
  const since = new Date(session.since);
  const rows: [string, string][] = [
    ['Format', formatLabel(session.format)],
    ['Bitrate', session.bitrate ? `${session.bitrate} kbps` : 'Not reported by your software'],
    ['Since', `${formatClock(since)} (${durationLabel(since.getTime(), now.getTime())})`],
    ['Show', session.showTitle],
  ];
  if (!data.own) rows.unshift(['Account', session.streamerUsername]);
  return (
    <>
      <p className="text-slate-300 text-sm">
        {data.own
          ? 'Your broadcasting software is connected and on air.'
          : 'Someone else is on air now (you see it because you can control the station).'}
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="connection-details">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-3 sm:contents">
            <dt className="w-20 shrink-0 text-slate-400 sm:w-auto">{label}</dt>
            <dd className="min-w-0 break-words font-medium text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function NotConnected({ data }: { data: MyConnection }) {
  return (
    <>
      {data.lastRefusal ? (
        <p
          className="rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-amber-100 text-sm"
          data-testid="last-refusal"
        >
          The station refused your connection at {formatClock(data.lastRefusal.at)}. {data.lastRefusal.reason}
        </p>
      ) : null}
      <p className="text-slate-300 text-sm">
        Your broadcasting software is not connected. If it should be, check:
      </p>
      <ul className="list-disc space-y-1 pl-5 text-slate-300 text-sm">
        <li>
          the server, port and mount point are exactly as in “How to go live” below (server type Icecast 2);
        </li>
        <li>
          the username and password are your streaming credentials below (a new password replaces the old
          one);
        </li>
        <li>nobody else is live: one presenter can be on air at a time;</li>
        {data.bookedSlotsOnly ? (
          <li>your booked slot has started (or starts within {data.graceMinutes} minutes);</li>
        ) : null}
        <li>if the station disconnected you a moment ago, wait 30 seconds before connecting again.</li>
      </ul>
    </>
  );
}

/**
 * Stream Info's connection check: while the presenter's broadcasting software is connected to the
 * station, what it sends and since when; otherwise "Not connected" and what to check. Kept current by
 * the now-playing events (a DJ connecting or leaving), never polled.
 */
export function ConnectionCheck() {
  const query = useMyConnection();
  const data = query.data;
  const connected = Boolean(data?.connected && data.session);
  return (
    <Card className="p-5 sm:p-6">
      <section
        aria-labelledby="connection-heading"
        className="flex flex-col gap-4"
        data-testid="connection-check"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="connection-heading" className="flex items-center gap-2 font-bold text-lg text-white">
            {connected ? (
              <PlugZap aria-hidden className="size-5 text-emerald-400" />
            ) : (
              <Unplug aria-hidden className="size-5 text-pink-400" />
            )}
            Connection check
          </h2>
          {data?.supported ? (
            <span role="status" aria-live="polite" data-testid="connection-state">
              {connected ? <Badge tone="green">Connected</Badge> : <Badge tone="amber">Not connected</Badge>}
            </span>
          ) : null}
        </div>
        {query.isPending ? (
          <LoadingState label="Checking the connection..." className="py-4" />
        ) : query.isError ? (
          <Alert>{errorMessage(query.error)}</Alert>
        ) : !data?.supported ? (
          <p className="text-slate-300 text-sm">
            The connection check works with the station’s built-in engine. This station uses another radio
            server: your broadcasting software shows whether it is connected.
          </p>
        ) : data.session && connected ? (
          <Connected data={data} session={data.session} />
        ) : (
          <NotConnected data={data} />
        )}
        {data?.supported ? <SlotRule data={data} /> : null}
      </section>
    </Card>
  );
}
