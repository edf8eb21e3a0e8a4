import { createHash } from 'node:crypto';

/** Response bodies of the fake AzuraCast (see fake-azuracast.ts), in AzuraCast's real shapes. */

export interface FakeSong {
  title: string;
  artist: string;
  album?: string;
  art?: string | null;
  isRequest?: boolean;
  duration?: number;
  playlist?: string;
}

export interface FakeStreamer {
  id: number;
  streamer_username: string;
  /** Kept in clear so tests can check what was sent; never returned by the API (AzuraCast returns ''). */
  password: string;
  display_name: string;
  comments: string | null;
  is_active: boolean;
}

export interface HistoryEntry {
  sh_id: number;
  played_at: number;
  song: FakeSong;
  streamer: string;
}

export interface FakeStationState {
  online: boolean;
  listeners: number;
  live: { is_live: boolean; streamer_name: string; broadcast_start: number | null };
  current: HistoryEntry | null;
  history: HistoryEntry[];
}

interface StationInfo {
  url: string;
  stationId: number;
  shortcode: string;
  stationName: string;
  hlsUrl: string | null;
}

function songJson(s: FakeSong, station: StationInfo) {
  const text = s.artist ? `${s.artist} - ${s.title}` : s.title;
  return {
    id: createHash('md5').update(text).digest('hex'),
    art:
      s.art === undefined
        ? `${station.url}/api/station/${station.shortcode}/art/${encodeURIComponent(text)}`
        : s.art,
    custom_fields: {},
    text,
    artist: s.artist,
    title: s.title,
    album: s.album ?? '',
    genre: '',
    isrc: '',
    lyrics: '',
  };
}

function entryJson(e: HistoryEntry, station: StationInfo) {
  return {
    sh_id: e.sh_id,
    played_at: e.played_at,
    duration: e.song.duration ?? 180,
    playlist: e.song.playlist ?? (e.streamer ? '' : 'default'),
    streamer: e.streamer,
    is_request: e.song.isRequest ?? false,
    song: songJson(e.song, station),
  };
}

/** GET /api/nowplaying/{station} */
export function nowPlayingJson(state: FakeStationState, station: StationInfo) {
  const { url, shortcode } = station;
  const listenUrl = `${url}/listen/${shortcode}/radio.mp3`;
  const listeners = { total: state.listeners, unique: state.listeners, current: state.listeners };
  const now = Math.floor(Date.now() / 1000);
  const cur = state.current;
  return {
    station: {
      id: station.stationId,
      name: station.stationName,
      shortcode,
      description: '',
      frontend: 'icecast',
      backend: 'liquidsoap',
      timezone: 'UTC',
      listen_url: listenUrl,
      url: '',
      public_player_url: `${url}/public/${shortcode}`,
      is_public: true,
      mounts: [
        {
          id: 1,
          name: '/radio.mp3 (128kbps MP3)',
          url: listenUrl,
          bitrate: 128,
          format: 'mp3',
          listeners,
          path: '/radio.mp3',
          is_default: true,
        },
      ],
      remotes: [],
      hls_enabled: Boolean(station.hlsUrl),
      hls_is_default: false,
      hls_url: station.hlsUrl,
      hls_listeners: 0,
    },
    listeners,
    live: { ...state.live, art: null },
    now_playing: cur
      ? {
          ...entryJson(cur, station),
          elapsed: Math.max(0, now - cur.played_at),
          remaining: Math.max(0, cur.played_at + (cur.song.duration ?? 180) - now),
        }
      : null,
    playing_next: null,
    song_history: state.history.map((e) => entryJson(e, station)),
    is_online: state.online,
    cache: null,
  };
}

/** AzuraCast's Error body. */
export const azuraError = (code: number, type: string, message: string) => ({
  code,
  type,
  message,
  formatted_message: `<b>${message}</b>`,
  extra_data: [],
  success: false,
});

/** AzuraCast's Status body. */
export const azuraStatus = (message: string) => ({ success: true, message, formatted_message: message });

/** A StationStreamer record as the API shows it (the password is never returned). */
export const streamerRecord = (s: FakeStreamer, selfUrl: string) => ({
  id: s.id,
  streamer_username: s.streamer_username,
  streamer_password: '',
  display_name: s.display_name || s.streamer_username,
  comments: s.comments,
  is_active: s.is_active,
  enforce_schedule: false,
  reactivate_at: null,
  art_updated_at: 0,
  schedule_items: [],
  links: { self: selfUrl },
});
