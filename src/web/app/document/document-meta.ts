/**
 * The tab title and social-preview tags (the rich presence fallback), as pure rules, and the
 * function that writes them into <head>.
 */
export interface DocumentMeta {
  title: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
}

export const DEFAULT_DESCRIPTION = 'Community internet radio, live 24/7.';

export function documentMeta(
  song: { title: string; artist: string; art: string | null } | null,
  site: { title: string; description: string; defaultArt: string },
): DocumentMeta {
  const description = site.description || DEFAULT_DESCRIPTION;
  if (!song) {
    return { title: site.title, ogTitle: site.title, ogDescription: description, ogImage: site.defaultArt };
  }
  return {
    title: `${song.title} – ${song.artist} · ${site.title}`,
    ogTitle: `${song.title} – ${song.artist}`,
    ogDescription: `by ${song.artist} · Listen live on ${site.title}`,
    ogImage: song.art || site.defaultArt,
  };
}

function setMeta(property: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute('property', property);
    document.head.appendChild(tag);
  }
  if (tag.content !== content) tag.content = content;
}

/**
 * The tab title with the unread direct messages in front, as mail and chat apps do: '(2) OnAir Radio'.
 * A count already in front is replaced, so the title never collects several.
 */
export function titleWithUnread(title: string, unread: number): string {
  const bare = title.replace(/^\(\d+\+?\) /, '');
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${bare}` : bare;
}

let unreadInTitle = 0;

/** Sets the count the tab title shows (0: none) and rewrites the current title with it. */
export function setTitleUnread(unread: number) {
  unreadInTitle = unread;
  const next = titleWithUnread(document.title, unread);
  if (document.title !== next) document.title = next;
}

export function applyDocumentMeta(meta: DocumentMeta) {
  const title = titleWithUnread(meta.title, unreadInTitle);
  if (document.title !== title) document.title = title;
  setMeta('og:title', meta.ogTitle);
  setMeta('og:description', meta.ogDescription);
  setMeta('og:image', new URL(meta.ogImage, window.location.href).href);
}
