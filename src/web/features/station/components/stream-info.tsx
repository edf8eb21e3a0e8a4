import { HOME_TEXTS, PLAYER_TEXTS } from '@shared/texts/station';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { SongArt } from '@web/features/library/components/song-art';
import { useNowPlayingView } from '@web/features/player/use-now-playing-view';
import { useMyCredentials } from '../control-api';
import { ConnectionCheck } from './connection-check';
import { GoLiveGuide } from './go-live-guide';
import { ListenerCount } from './listener-count';
import { MyCredentials } from './my-credentials';

/**
 * Stream Info (presenter panel): what is on air, whether the presenter's software is connected, their
 * streaming credentials and how to go live.
 */
export function StreamInfo() {
  const view = useNowPlayingView();
  const creds = useMyCredentials();
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5 sm:p-6">
        <section aria-labelledby="on-air-now-heading" className="flex flex-wrap items-center gap-5">
          <SongArt src={view.art} fallbackSrc={view.defaultArt} className="size-24 rounded-xl" />
          <div className="min-w-0 flex-1">
            <h2 id="on-air-now-heading" className="text-slate-400 text-sm">
              On air now
            </h2>
            <p className="truncate font-bold text-white text-xl">{view.title || '…'}</p>
            <p className="truncate text-slate-300">{view.artist}</p>
          </div>
          <div className="flex flex-col items-start gap-2">
            {view.configured === false ? (
              <Badge tone="amber">{PLAYER_TEXTS.notConfigured}</Badge>
            ) : view.isLive ? (
              <Badge tone="red">
                {HOME_TEXTS.liveNow}: {view.live?.presenter?.name ?? view.live?.streamerName}
              </Badge>
            ) : (
              <Badge tone="violet">{HOME_TEXTS.autoDj}</Badge>
            )}
            <ListenerCount total={view.listeners} />
          </div>
        </section>
      </Card>
      <ConnectionCheck />
      <MyCredentials />
      <GoLiveGuide connection={creds.data?.connection ?? null} username={creds.data?.username ?? null} />
    </div>
  );
}
