import type { Config } from '../../config';

/**
 * Where album art comes from when the backend has none: Spotify's image hosts. Community streamers'
 * pictures are usually their Twitch or YouTube avatars.
 */
export const KNOWN_IMAGE_ORIGINS = [
  'https://i.scdn.co',
  'https://mosaic.scdn.co',
  'https://*.spotifycdn.com',
  'https://static-cdn.jtvnw.net',
  'https://yt3.ggpht.com',
];

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** The operator's extra origins (CSP_EXTRA_ORIGINS): only well-formed http(s) origins are taken. */
export function extraOrigins(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\/[^\s/'";,]+$/i.test(s) || /^https?:\/\/\*\.[^\s/'";,]+$/i.test(s));
}

const unique = (xs: string[]) => [...new Set(xs)];

/**
 * The content security policy's directives, from the configuration (docs/operations/configuration.md says what stays
 * open and why):
 * - connect-src: the site, and the radio hosts the player may read HLS playlists and segments from
 *   (STREAM_PUBLIC_URL, STREAM_HLS_URL, AzuraCast, Icecast) plus CSP_EXTRA_ORIGINS;
 * - img-src: the site, data:/blob: (pictures chosen for upload are previewed), album-art and streamer
 *   picture hosts, the radio hosts (AzuraCast's art) and CSP_EXTRA_ORIGINS;
 * - worker-src: the site and blob: (hls.js's transmuxing worker);
 * - media-src stays open to http(s): an admin may set any listen URL in the site settings at run time;
 * - style-src keeps 'unsafe-inline': the toasts (sonner) and dialogs insert their style elements at run
 *   time. Scripts have no such allowance (the one inline script is allowed by its hash).
 */
export function cspDirectives(config: Config, scriptHash: string) {
  const radio = unique([
    ...originOf(config.STREAM_PUBLIC_URL),
    ...originOf(config.STREAM_HLS_URL),
    ...originOf(config.AZURACAST_URL),
    ...originOf(config.ICECAST_URL),
  ]);
  const extra = extraOrigins(config.CSP_EXTRA_ORIGINS);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", scriptHash],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: unique(["'self'", 'data:', 'blob:', ...KNOWN_IMAGE_ORIGINS, ...radio, ...extra]),
    mediaSrc: ["'self'", 'blob:', 'http:', 'https:'],
    connectSrc: unique(["'self'", ...radio, ...extra]),
    // hls.js (browsers that play neither MP3 nor HLS natively) transmuxes in a worker it starts from a blob.
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
