import type { AppContext } from '../../context';
import { getPublicSettings } from '../content/settings.service';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function setMeta(html: string, attr: 'name' | 'property', key: string, value: string) {
  const re = new RegExp(`(<meta ${attr}="${key}" content=")[^"]*(")`);
  return re.test(html)
    ? html.replace(re, `$1${escapeHtml(value)}$2`)
    : html.replace('</head>', `  <meta ${attr}="${key}" content="${escapeHtml(value)}" />\n  </head>`);
}

/**
 * Rich-presence fallback (spec 3): link previews and the first paint carry the station and the song on
 * air. Crawlers do not run the app's JavaScript, so the page is filled in on the server.
 */
export async function renderSocialPreview(ctx: Pick<AppContext, 'db' | 'config' | 'station'>, html: string) {
  const site = await getPublicSettings(ctx);
  const np = ctx.station.nowPlaying.snapshot;
  const song = np.nowPlaying?.song;
  const title = song ? `${song.title} – ${song.artist} · ${site.siteTitle}` : site.siteTitle;
  const description = song
    ? `Now playing on ${site.siteTitle}: ${song.title} by ${song.artist}.${np.live.isLive && np.live.streamerName ? ` Live with ${np.live.streamerName}.` : ''}`
    : site.siteDescription;
  const image = song?.art ?? np.station.defaultArt;
  const absolute = image.startsWith('/') ? `${ctx.config.baseUrl}${image}` : image;
  let out = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  out = setMeta(out, 'name', 'description', description);
  out = setMeta(out, 'property', 'og:title', title);
  out = setMeta(out, 'property', 'og:description', description);
  out = setMeta(out, 'property', 'og:image', absolute);
  out = setMeta(out, 'property', 'og:site_name', site.siteTitle);
  out = setMeta(out, 'name', 'twitter:card', 'summary');
  return out;
}
