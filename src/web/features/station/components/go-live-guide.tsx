import { STREAM_INFO_TEXTS } from '@shared/texts/stream-info';
import { SectionTitle } from '@web/components/section-title';
import { Card } from '@web/components/ui/card';
import { BookOpen } from 'lucide-react';
import type { MyCredentialsData } from '../control-api';

const DEFAULT_PORT = 8005;

/**
 * How to go live: the connection settings, then the same in BUTT and Mixxx terms, and for software that
 * logs in only as "source" (docs/product/presenters.md, "Going live").
 */
export function GoLiveGuide({
  connection,
  username,
}: {
  connection: MyCredentialsData['connection'] | null;
  username: string | null;
}) {
  const host = connection?.host || window.location.hostname;
  const port = connection?.port ?? DEFAULT_PORT;
  const mount = connection?.mount ?? '/live';
  const settings: [string, string][] = [
    ['Server', host],
    ['Port', String(port)],
    ['Mount point', mount],
    ['Server type', 'Icecast 2'],
    ['Username', 'your streaming username (above)'],
    ['Password', 'your streaming password (above)'],
    ['Format', 'MP3, 128 kbps recommended, 44.1 kHz stereo'],
  ];

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="guide-heading" className="flex flex-col gap-5" data-testid="go-live-guide">
        <SectionTitle id="guide-heading" icon={BookOpen} iconClassName="text-pink-400">
          How to go live
        </SectionTitle>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {settings.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-400">{label}</dt>
              <dd className="break-words font-medium text-slate-100">
                {label === 'Server' || label === 'Mount point' ? (
                  <code className="font-mono">{value}</code>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="rounded-xl border border-slate-700 bg-slate-950/40 p-4">
            <h3 className="mb-2 font-semibold text-white">BUTT (broadcast using this tool)</h3>
            <ol className="list-decimal space-y-1 pl-5 text-slate-300 text-sm">
              <li>Settings › Main › Server › Add.</li>
              <li>
                Type <strong>Icecast</strong>, address <code className="font-mono">{host}</code>, port {port}.
              </li>
              <li>
                Icecast mountpoint <code className="font-mono">{mount.replace(/^\//, '')}</code>; Icecast user
                and password: your streaming username and password.
              </li>
              <li>Settings › Audio: codec MP3, bitrate 128k.</li>
              <li>Press ▶ to connect. You are live when the on-air panel says so.</li>
            </ol>
          </div>
          <div className="rounded-xl border border-slate-700 bg-slate-950/40 p-4">
            <h3 className="mb-2 font-semibold text-white">Mixxx</h3>
            <ol className="list-decimal space-y-1 pl-5 text-slate-300 text-sm">
              <li>Preferences › Live Broadcasting › Create new connection.</li>
              <li>
                Type <strong>Icecast 2</strong>, host <code className="font-mono">{host}</code>, port {port},
                mount <code className="font-mono">{mount}</code>.
              </li>
              <li>Login and password: your streaming username and password.</li>
              <li>Encoding: MP3, 128 kbps, stereo.</li>
              <li>Options › Enable Live Broadcasting (Ctrl+L) to go on air.</li>
            </ol>
          </div>
        </div>
        <div className="rounded-xl border border-slate-700 bg-slate-950/40 p-4" data-testid="source-login">
          <h3 className="mb-2 font-semibold text-white">{STREAM_INFO_TEXTS.sourceLoginHeading}</h3>
          <p className="break-words text-slate-300 text-sm">
            {STREAM_INFO_TEXTS.sourceLogin(username ?? 'presenter-1234')}
          </p>
        </div>
        <p className="text-slate-400 text-sm">
          When you disconnect, the AutoDJ takes over again within a few seconds.
        </p>
      </section>
    </Card>
  );
}
