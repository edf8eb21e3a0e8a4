import { MEDIA_TEXTS } from '@shared/texts/media';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { useNowPlaying } from '@web/features/station/now-playing';
import { ExternalLink } from 'lucide-react';
import { musicBackendView } from '../music-backend';
import { FolderSkipped } from './folder-skipped';
import { LibrarySection } from './library-section';
import { PlaylistsSection } from './playlists-section';
import { QueueSection } from './queue-section';

const T = MEDIA_TEXTS.panel;

/**
 * Admin Panel → Music (admins and holders of manage_playlists): the built-in engine's media library,
 * playlists and queue. With AzuraCast the music lives there; with no engine, how to turn it on.
 */
export function MusicTab() {
  const np = useNowPlaying();
  if (!np.data) return <LoadingState label="Loading…" />;
  const view = musicBackendView(np.data.station);
  return (
    <div className="flex flex-col gap-8" data-testid="music-tab">
      <header>
        <h2 className="font-bold text-white text-xl">{T.heading}</h2>
        <p className="text-slate-400 text-sm">{T.intro}</p>
      </header>
      {view.kind === 'azuracast' ? (
        <Card className="flex flex-col gap-3 p-5">
          <p className="text-slate-200">{T.azuracast}</p>
          {view.url ? (
            <a
              href={view.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold text-pink-300 hover:text-pink-200"
            >
              {T.openAzuracast} <ExternalLink aria-hidden className="size-4" />
            </a>
          ) : null}
        </Card>
      ) : (
        <>
          {view.kind === 'none' ? (
            <Card className="p-5" data-testid="music-no-engine">
              <p className="text-slate-200">{T.noEngine}</p>
            </Card>
          ) : null}
          {view.kind === 'library' ? <FolderSkipped /> : null}
          <LibrarySection />
          <PlaylistsSection />
          {view.kind === 'library' ? <QueueSection /> : null}
        </>
      )}
    </div>
  );
}
