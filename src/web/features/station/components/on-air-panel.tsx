import type { NowPlaying } from '@shared/contracts/station';
import { HOME_TEXTS } from '@shared/texts/station';
import { Avatar } from '@web/components/ui/avatar';
import { Card } from '@web/components/ui/card';
import { clsx } from 'clsx';
import { Bot, Radio } from 'lucide-react';
import { useNowPlaying } from '../now-playing';
import { onAirState } from '../on-air-state';
import { SocialLinks } from './social-links';

/**
 * Who is on air: 'Live Now' with the presenter's name, picture, the current show and social links;
 * 'AutoDJ' while it plays; 'Off Air' when nothing does, as the header's marker says (home page).
 */
export function OnAirPanel({ live, className }: { live: NowPlaying['live'] | null; className?: string }) {
  const isLive = Boolean(live?.isLive);
  const offAir = onAirState(useNowPlaying().data) === 'off-air';
  const name = live?.presenter?.name ?? live?.streamerName ?? 'Live presenter';
  return (
    <Card className={clsx('flex flex-col gap-4 p-5 sm:p-6', className)}>
      <section aria-labelledby="on-air-heading" data-testid="on-air-panel" data-live={isLive}>
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2
            id="on-air-heading"
            className={clsx(
              'inline-flex items-center gap-2 rounded-full px-3 py-1 font-bold text-sm uppercase tracking-wider',
              isLive ? 'bg-rose-500/15 text-rose-400' : 'bg-violet-500/15 text-violet-200',
            )}
          >
            {isLive ? (
              <span aria-hidden className="size-2 motion-safe:animate-pulse rounded-full bg-rose-500" />
            ) : (
              <Bot aria-hidden className="size-4" />
            )}
            {isLive ? HOME_TEXTS.liveNow : offAir ? HOME_TEXTS.offAir : HOME_TEXTS.autoDj}
          </h2>
          <Radio aria-hidden className="size-5 text-slate-500" />
        </div>
        {isLive && live ? (
          <div className="flex flex-col gap-4">
            <div className="flex min-w-0 items-center gap-4">
              <Avatar src={live.presenter?.picture} name={name} size="lg" />
              <div className="min-w-0">
                <p data-testid="live-presenter" className="truncate font-bold text-white text-xl">
                  {name}
                </p>
                {live.show ? (
                  <p className="truncate font-medium text-pink-300">{live.show.showName}</p>
                ) : null}
              </div>
            </div>
            {live.show?.description ? (
              <p className="line-clamp-3 text-slate-300 text-sm">{live.show.description}</p>
            ) : null}
            <SocialLinks presenter={live.presenter} name={name} />
          </div>
        ) : (
          <div className="flex items-center gap-4">
            <span className="flex size-20 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-indigo-700 ring-2 ring-white/10">
              <Bot aria-hidden className="size-9 text-white" />
            </span>
            <div className="min-w-0">
              <p className="font-bold text-white text-xl">{offAir ? HOME_TEXTS.offAir : HOME_TEXTS.autoDj}</p>
              <p className="text-slate-300">{offAir ? HOME_TEXTS.offAirBody : HOME_TEXTS.heading}</p>
            </div>
          </div>
        )}
      </section>
    </Card>
  );
}
