import type { ClientKind } from '../station/audience';

/**
 * Players and apps, by a word their User-Agent carries. Checked before the browser test: many apps
 * send a browser-like "Mozilla/5.0 … AppleWebKit" prefix with their own name after it (TuneIn, Sonos).
 */
const APPS =
  /\b(vlc|libvlc|itunes|applecoremedia|winamp|foobar2000|foobar|tunein|exoplayer|androidx\.media3|stagefright|nsplayer|windows-media-player|wmplayer|mplayer|mpv|lavf|ffmpeg|gstreamer|audacious|clementine|rhythmbox|amarok|strawberry|quicktime|radio\s?droid|radiodroid|radio\.de|radio\.net|radio\.garden|radiogarden|myradio|simple\s?radio|streema|radioplayer|replaio|xiialive|iheart|sonos|bose|alexa|roku|cfnetwork|dalvik|kodi|xbmc|plex|musicbee|aimp|mediamonkey|audials|shoutcast|icecast|xine|totem|celluloid|deadbeef|cmus|mpd|music player daemon|liquidsoap|streamripper|onlineradiobox|radiotunes)/i;
/** A product token naming a radio app, e.g. "MyRadioApp/2.1" or "Radio Paradise/3". */
const RADIO_APP = /^[^/]*radio[^/]*\//i;

/** A real browser: Mozilla/… with one of the engines browsers ship (Gecko, WebKit/Blink, Trident). */
const BROWSER = /^Mozilla\/\d.*\b(Gecko|AppleWebKit|Trident|Chrome|Safari|Firefox|Edg|OPR)\b/;

/** Scripts, bots and libraries: never counted as browsers even when they borrow a browser's prefix. */
const NOT_BROWSER =
  /\b(bot|crawler|spider|curl|wget|python|node-fetch|undici|okhttp|java|go-http-client)\b|headless/i;

/**
 * What kind of program a listener uses, from its User-Agent: a known player or radio app is "app"; a
 * browser (Mozilla/… with a known engine, not a script or bot) is "browser"; anything else, an empty
 * or missing agent included, is "other".
 */
export function clientKindOf(userAgent: string | null | undefined): ClientKind {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'other';
  if (APPS.test(ua) || RADIO_APP.test(ua)) return 'app';
  if (BROWSER.test(ua) && !NOT_BROWSER.test(ua)) return 'browser';
  return 'other';
}
