import { useUnreadMessageCount } from '@web/features/messages/api';
import { usePublicSettings } from '@web/features/settings/api';
import { useNowPlaying } from '@web/features/station/now-playing';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyDocumentMeta, documentMeta, setTitleUnread } from './document-meta';

/** Keeps the tab title ('(unread) Title – Artist · Site') and the og: tags in step with the current song. */
export function DocumentMetaSync() {
  const { siteTitle, siteDescription } = usePublicSettings();
  const { data } = useNowPlaying();
  const song = data?.nowPlaying?.song ?? null;
  const defaultArt = data?.station.defaultArt ?? '/station-art.svg';
  const title = song?.title;
  const artist = song?.artist;
  const art = song?.art ?? null;
  // A news article's page names the article, not the song (news/pages/article-page.tsx sets it).
  const { pathname } = useLocation();
  const ownMeta = /^\/news\/[^/]+/.test(pathname);

  // The canonical address follows the page (the server sets it for the first page loaded).
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    const bare = pathname.replace(/\/+$/, '') || '/';
    link.href = `${window.location.origin}${bare}`;
  }, [pathname]);

  useEffect(() => {
    if (ownMeta) return;
    const current = title && artist ? { title, artist, art } : null;
    applyDocumentMeta(documentMeta(current, { title: siteTitle, description: siteDescription, defaultArt }));
  }, [title, artist, art, siteTitle, siteDescription, defaultArt, ownMeta]);

  // Unread direct messages show in the tab title too: '(2) OnAir Radio'.
  const unread = useUnreadMessageCount();
  useEffect(() => setTitleUnread(unread), [unread]);

  return null;
}
