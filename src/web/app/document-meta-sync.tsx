import { usePublicSettings } from '@web/features/settings/api';
import { useNowPlaying } from '@web/features/station/now-playing';
import { useEffect } from 'react';
import { applyDocumentMeta, documentMeta } from './document-meta';

/** Keeps the tab title ('Title – Artist · Site') and the og: tags in step with the current song. */
export function DocumentMetaSync() {
  const { siteTitle, siteDescription } = usePublicSettings();
  const { data } = useNowPlaying();
  const song = data?.nowPlaying?.song ?? null;
  const defaultArt = data?.station.defaultArt ?? '/station-art.svg';
  const title = song?.title;
  const artist = song?.artist;
  const art = song?.art ?? null;

  useEffect(() => {
    const current = title && artist ? { title, artist, art } : null;
    applyDocumentMeta(documentMeta(current, { title: siteTitle, description: siteDescription, defaultArt }));
  }, [title, artist, art, siteTitle, siteDescription, defaultArt]);

  return null;
}
