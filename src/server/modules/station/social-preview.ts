import type { AppContext } from '../../context';
import { getPublicSettings } from '../settings/public-settings';
import { nowPlayingSlot } from './now-playing.service';

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Fills one meta tag. Values go in through replacement functions, never replacement strings: in a
 * replacement string `$&`, `$1`, `$'`… are expanded, and escaping does not touch `$`, so a song title
 * could otherwise pull the surrounding markup into an attribute and break out of it.
 */
export function setMeta(html: string, attr: 'name' | 'property', key: string, value: string) {
  const re = new RegExp(`(<meta ${attr}="${key}" content=")[^"]*(")`);
  const safe = escapeHtml(value);
  return re.test(html)
    ? html.replace(re, (_m, open: string, close: string) => `${open}${safe}${close}`)
    : html.replace('</head>', () => `  <meta ${attr}="${key}" content="${safe}" />\n  </head>`);
}

/** Sets the document title (same rule as setMeta: a replacement function, an escaped value). */
/** One `<link rel=…>` in the head (replaced when the shell has one already). */
export function setLink(html: string, rel: string, href: string, extra = '') {
  const tag = `<link rel="${rel}" href="${escapeHtml(href)}"${extra} />`;
  const re = new RegExp(`<link rel="${rel}" [^>]*>`);
  return re.test(html) ? html.replace(re, () => tag) : html.replace('</head>', () => `  ${tag}\n  </head>`);
}

export function setTitle(html: string, title: string) {
  const safe = escapeHtml(title);
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${safe}</title>`);
}

/**
 * Rich-presence fallback: link previews and the first paint carry the station and the song on
 * air. Crawlers do not run the app's JavaScript, so the page is filled in on the server.
 */
export async function renderSocialPreview(ctx: Pick<AppContext, 'db' | 'config' | 'station'>, html: string) {
  const site = await getPublicSettings(ctx);
  const np = nowPlayingSlot.of(ctx).snapshot;
  const song = np.nowPlaying?.song;
  const title = song ? `${song.title} – ${song.artist} · ${site.siteTitle}` : site.siteTitle;
  const description = song
    ? `Now playing on ${site.siteTitle}: ${song.title} by ${song.artist}.${np.live.isLive && np.live.streamerName ? ` Live with ${np.live.streamerName}.` : ''}`
    : site.siteDescription;
  // Only web addresses reach the preview image (never a javascript: or data: URL).
  const art = song?.art && /^(https?:\/\/|\/)/i.test(song.art) ? song.art : null;
  const image = art ?? np.station.defaultArt;
  const absolute = image.startsWith('/') ? `${ctx.config.baseUrl}${image}` : image;
  let out = setTitle(html, title);
  out = setMeta(out, 'name', 'description', description);
  out = setMeta(out, 'property', 'og:title', title);
  out = setMeta(out, 'property', 'og:description', description);
  out = setMeta(out, 'property', 'og:image', absolute);
  out = setMeta(out, 'property', 'og:site_name', site.siteTitle);
  out = setMeta(out, 'name', 'twitter:card', 'summary');
  return out;
}
