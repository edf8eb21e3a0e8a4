import { AUDIENCE_RANGES, type Audience, type AudienceRange } from '@shared/contracts/admin';
import { hasCapability } from '@web/app/capabilities';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { Field, Input } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { Download } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { audienceCsvUrl, playsExportUrl, useAudience } from '../api';

const Charts = lazy(() => import('./audience-charts').then((m) => ({ default: m.AudienceOverTime })));
const ShareBars = lazy(() => import('./audience-charts').then((m) => ({ default: m.ShareBars })));

const RANGE_LABELS: Record<AudienceRange, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
const KIND_LABELS: Record<string, string> = { browser: 'Browser', app: 'App', other: 'Other' };

function CsvLink({ href, what }: { href: string; what: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2.5 py-1 text-pink-300 text-sm hover:bg-white/5"
    >
      <Download aria-hidden className="size-4" /> CSV<span className="sr-only"> of {what}</span>
    </a>
  );
}

function Panel({
  title,
  summary,
  csv,
  children,
}: {
  title: string;
  summary: string;
  csv: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-white">{title}</h3>
          <p className="text-slate-400 text-xs">{summary}</p>
        </div>
        {csv}
      </div>
      {children}
    </Card>
  );
}

function ShareTable({ rows, nameLabel }: { rows: Audience['byClient']; nameLabel: string }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-slate-400 text-xs">
        <tr>
          <th className="py-1 font-medium">{nameLabel}</th>
          <th className="py-1 text-right font-medium">Hours</th>
          <th className="py-1 text-right font-medium">Average</th>
          <th className="py-1 text-right font-medium">Peak</th>
        </tr>
      </thead>
      <tbody className="text-slate-200 tabular-nums">
        {rows.map((r) => (
          <tr key={r.name} className="border-white/5 border-t">
            <td className="py-1">{KIND_LABELS[r.name] ?? r.name}</td>
            <td className="py-1 text-right">{r.listeningHours}</td>
            <td className="py-1 text-right">{r.averageListeners}</td>
            <td className="py-1 text-right">{r.peakListeners}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Shows({ audience }: { audience: Audience }) {
  const rows = audience.shows.filter((s) => s.samples > 0).slice(0, 25);
  return (
    <Panel
      title="Peak and average per show"
      summary={`Weekly shows of the timetable and live sessions, ${RANGE_LABELS[audience.range].toLowerCase()} (station time, ${audience.timezone}).`}
      csv={<CsvLink href={audienceCsvUrl(audience.range, 'shows')} what="listeners per show" />}
    >
      {rows.length === 0 ? (
        <p className="text-slate-400 text-sm">No show was on while listeners were sampled.</p>
      ) : (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
        <section className="overflow-x-auto" tabIndex={0} aria-label="Peak and average per show">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-slate-400 text-xs">
              <tr>
                <th className="py-1 font-medium">Show</th>
                <th className="py-1 font-medium">When</th>
                <th className="py-1 text-right font-medium">Peak</th>
                <th className="py-1 text-right font-medium">Average</th>
                <th className="py-1 text-right font-medium">Hours</th>
              </tr>
            </thead>
            <tbody className="text-slate-200">
              {rows.map((s) => (
                <tr key={`${s.kind}-${s.id}`} className="border-white/5 border-t">
                  <td className="py-1">
                    <span className="font-medium text-white">{s.showName}</span>{' '}
                    <span className="text-slate-400">· {s.presenterName}</span>
                  </td>
                  <td className="py-1 text-slate-300">
                    {s.kind === 'live' && s.startedAt
                      ? `Live, ${new Date(s.startedAt).toLocaleString()}`
                      : s.when}
                  </td>
                  <td className="py-1 text-right tabular-nums">{s.peakListeners}</td>
                  <td className="py-1 text-right tabular-nums">{s.averageListeners}</td>
                  <td className="py-1 text-right tabular-nums">{s.listeningHours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Panel>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The royalty report (admins only): every play of a range of days as CSV. */
function RoyaltyExport() {
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
  const valid = Number.isFinite(start.getTime()) && Number.isFinite(end.getTime()) && end > start;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h3 className="font-semibold text-white">Play history for royalties</h3>
        <p className="text-slate-400 text-xs">
          One row per play: start (UTC and station time), duration, title, artist, album, ISRC, playlist or
          live show, listeners at the start. Whole days in UTC, up to a year.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field id="royalty-from" label="From">
          <Input id="royalty-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="royalty-to" label="To (inclusive)">
          <Input id="royalty-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        {valid ? (
          <a
            href={playsExportUrl(start, end)}
            download
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-gradient-to-r from-pink-500 to-violet-500 px-4 font-medium text-sm text-white"
          >
            <Download aria-hidden className="size-4" /> Download CSV
          </a>
        ) : (
          <p className="text-red-300 text-sm" role="alert">
            Choose a start day on or before the end day.
          </p>
        )}
      </div>
    </Card>
  );
}

/** Analytics › Audience: listeners over a chosen range, per show, per kind of client and per mount. */
export function AudienceSection() {
  const [range, setRange] = useState<AudienceRange>('7d');
  const audience = useAudience(range);
  const { me } = useMe();
  const a = audience.data;
  return (
    <section aria-labelledby="audience-heading" className="flex flex-col gap-4" data-testid="admin-audience">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="audience-heading" className="font-semibold text-lg text-white">
          Audience
        </h3>
        {/* A fieldset keeps its content's width unless told (min-w-0): on a phone the three ranges share the row. */}
        <fieldset
          className="grid w-full min-w-0 grid-cols-3 rounded-lg border border-slate-700 p-0.5 sm:inline-flex sm:w-auto"
          data-testid="audience-ranges"
        >
          <legend className="sr-only">Range</legend>
          {AUDIENCE_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => setRange(r)}
              className={clsx(
                'whitespace-nowrap rounded-md px-1.5 py-1 text-sm sm:px-3',
                range === r ? 'bg-slate-700 text-white' : 'text-slate-300 hover:text-white',
              )}
            >
              {RANGE_LABELS[r]}
            </button>
          ))}
        </fieldset>
      </div>
      {audience.isPending ? (
        <LoadingState label="Loading the audience..." />
      ) : audience.isError || !a ? (
        <Alert>{errorMessage(audience.error)}</Alert>
      ) : (
        <Suspense fallback={<LoadingState label="Loading charts..." />}>
          <dl className="grid grid-cols-3 gap-3">
            {[
              ['Listening hours', a.listeningHours],
              ['Peak listeners', a.peakListeners],
              ['Average listeners', a.averageListeners],
            ].map(([label, value]) => (
              <Card key={label} className="p-3 sm:p-4">
                <dt className="text-slate-400 text-xs">{label}</dt>
                <dd className="font-semibold text-white text-xl tabular-nums">{value}</dd>
              </Card>
            ))}
          </dl>
          <Panel
            title="Listeners over time"
            summary={
              a.sampledMinutes
                ? `Peak and average per ${a.bucketMinutes >= 60 ? `${a.bucketMinutes / 60} h` : `${a.bucketMinutes} min`}; ${a.sampledMinutes} minutes sampled.`
                : 'No listener samples in this range: the station is sampled every minute while the site runs.'
            }
            csv={<CsvLink href={audienceCsvUrl(range, 'listeners')} what="listeners over time" />}
          >
            <Charts audience={a} />
          </Panel>
          <div className="grid gap-4 xl:grid-cols-2">
            <Panel
              title="By kind of client"
              summary="From each listener's User-Agent: browsers, apps and players, others."
              csv={<CsvLink href={audienceCsvUrl(range, 'clients')} what="listeners by kind of client" />}
            >
              <ShareBars rows={a.byClient} label="Listening hours by kind of client" />
              <ShareTable rows={a.byClient} nameLabel="Client" />
            </Panel>
            <Panel
              title="By mount and quality"
              summary="Each Icecast mount and HLS variant."
              csv={<CsvLink href={audienceCsvUrl(range, 'mounts')} what="listeners by mount" />}
            >
              {a.byMount.length === 0 ? (
                <p className="text-slate-400 text-sm">No listeners per mount sampled in this range.</p>
              ) : (
                <>
                  <ShareBars rows={a.byMount} label="Listening hours by mount" />
                  <ShareTable rows={a.byMount} nameLabel="Mount" />
                </>
              )}
            </Panel>
          </div>
          <Shows audience={a} />
        </Suspense>
      )}
      {hasCapability(me, 'admin.panel') ? <RoyaltyExport /> : null}
    </section>
  );
}
