import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../../paths';
import type { SystemUser } from './supervisor';

/** The repository's station/ folder, which holds icecast.xml.tmpl and radio.liq.tmpl. */
export const TEMPLATES_DIR = `${fromRoot('station')}/`;

/** Replaces every {{NAME}}; a placeholder without a value is an error, not a silent blank. */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  escapeValue: (v: string) => string,
) {
  return template.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`station template: no value for {{${name}}}`);
    return escapeValue(value);
  });
}

export const escapeXml = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * For the inside of a Liquidsoap "string": backslashes and quotes escaped, and "#{" (interpolation)
 * split into two concatenated literals so it stays text.
 */
export const escapeLiquidsoap = (v: string) =>
  v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, ' ').replace(/#\{/g, '#" ^ "{');

/** Where Icecast and Liquidsoap connect to a server bound to `bind` (any-address binds mean loopback). */
export const connectHost = (bind: string) =>
  bind === '0.0.0.0' || bind === '::' || bind === '' ? '127.0.0.1' : bind;

/** The folder Liquidsoap records live shows into, inside the runtime folder. */
export const recordingsDirOf = (runtimeDir: string) => path.join(runtimeDir, 'recordings');

export interface StationValues {
  runtimeDir: string;
  musicDir: string;
  /** The media library's upload folder: the local rotation plays it with musicDir. */
  mediaDir: string;
  bindAddress: string;
  icecastPort: number;
  harborPort: number;
  mount: string;
  appUrl: string;
  engineToken: string;
  stationName: string;
  stationDescription: string;
  maxListeners: number;
  /** A DJ disconnected by staff may not reconnect for this long. */
  kickBlockSeconds: number;
  /** How long Liquidsoap waits for the app's next track before the local rotation plays (default 2000). */
  nextTimeoutMs?: number;
  /** How many seconds before a track ends the engine asks the app for the next one (default 15). */
  nextLeadSeconds?: number;
  /** Where live shows are recorded (default <runtimeDir>/recordings) and whether recording starts allowed (default yes). */
  recordingsDir?: string;
  recordingOn?: boolean;
  /** Whether the DJ's input is levelled like AutoDJ when Liquidsoap starts (default yes). */
  liveLevelling?: boolean;
}

/** The stream qualities of the built-in engine, highest first: MP3 mounts and HLS variants alike. */
export const STREAM_QUALITIES = [
  { kbps: 128, name: 'High' },
  { kbps: 64, name: 'Low' },
] as const;
export type StreamKbps = (typeof STREAM_QUALITIES)[number]['kbps'];
/** The highest quality is the configured STATION_MOUNT itself. */
export const TOP_KBPS: StreamKbps = STREAM_QUALITIES[0].kbps;

/** The Icecast mount of a quality: STATION_MOUNT for the highest, "/radio-64.mp3" style for the others. */
export function qualityMount(mount: string, kbps: number): string {
  if (kbps === TOP_KBPS) return mount;
  const ext = path.posix.extname(mount);
  return `${mount.slice(0, mount.length - ext.length)}-${kbps}${ext}`;
}

/** The HLS output: a folder in the runtime folder, ~4 s segments, a playlist of 5 (20 s). */
export const HLS = { folder: 'hls', master: 'live.m3u8', segmentSeconds: 4, segments: 5 } as const;

/** The default of the site setting "most listeners at once". */
export const DEFAULT_MAX_LISTENERS = 1000;

/**
 * Icecast's limits from "most listeners at once": each mount takes that many listeners, and the whole
 * server that many plus headroom for the engine's sources, the app's status reads and the admin. A slow
 * listener may fall ~30 s behind at 128 kbps before Icecast drops it; a new one gets ~4 s at once.
 */
export function icecastLimits(maxListeners: number) {
  const max = Math.max(1, Math.round(maxListeners));
  const bytesPerSecond = (TOP_KBPS * 1000) / 8;
  return {
    maxListeners: max,
    clients: max + 16 + Math.ceil(max / 100),
    queueSize: Math.ceil((bytesPerSecond * 32) / 1024) * 1024,
    burstSize: Math.ceil((bytesPerSecond * 4) / 1024) * 1024,
  };
}

/** The crossfade until the app names one (its setting travels with every track it sends). */
export const DEFAULT_CROSSFADE_SECONDS = 2;

export interface WrittenConfigs {
  icecastConfig: string;
  liquidsoapScript: string;
  /** Icecast's source password, fresh for each start. */
  sourcePassword: string;
  adminPassword: string;
  relayPassword: string;
}

type Secrets = Pick<WrittenConfigs, 'sourcePassword' | 'adminPassword' | 'relayPassword'>;

function commonValues(values: StationValues, secrets: Secrets) {
  return {
    ICECAST_HOST: connectHost(values.bindAddress),
    ICECAST_PORT: String(values.icecastPort),
    STATION_MOUNT: values.mount,
    STATION_MOUNT_LOW: qualityMount(values.mount, STREAM_QUALITIES[1].kbps),
    STATION_NAME: values.stationName,
    SOURCE_PASSWORD: secrets.sourcePassword,
    RUNTIME_DIR: values.runtimeDir,
  };
}

function writeOwnerOnly(file: string, content: string, owner: SystemUser | null) {
  writeFileSync(file, content, { mode: 0o600 });
  chmodSync(file, 0o600);
  if (owner) chownSync(file, owner.uid, owner.gid);
}

/**
 * Writes icecast.xml alone, with the given passwords (those of the running engine): a new listener limit
 * is applied this way, then Icecast re-reads it on SIGHUP.
 */
export function writeIcecastConfig(
  values: StationValues,
  secrets: Secrets,
  owner: SystemUser | null,
  templatesDir = TEMPLATES_DIR,
): string {
  const limits = icecastLimits(values.maxListeners);
  const icecast = fillTemplate(
    readFileSync(path.join(templatesDir, 'icecast.xml.tmpl'), 'utf8'),
    {
      ...commonValues(values, secrets),
      ICECAST_BIND: values.bindAddress,
      RELAY_PASSWORD: secrets.relayPassword,
      ADMIN_PASSWORD: secrets.adminPassword,
      MAX_LISTENERS: String(limits.maxListeners),
      MAX_CLIENTS: String(limits.clients),
      QUEUE_SIZE: String(limits.queueSize),
      BURST_SIZE: String(limits.burstSize),
    },
    escapeXml,
  );
  const icecastConfig = path.join(values.runtimeDir, 'icecast.xml');
  writeOwnerOnly(icecastConfig, icecast, owner);
  return icecastConfig;
}

/**
 * Writes icecast.xml and radio.liq into the runtime folder from the templates, with fresh random
 * passwords. Readable only by the engine's user (they hold passwords and the engine token).
 */
export function writeStationConfigs(
  values: StationValues,
  owner: SystemUser | null,
  templatesDir = TEMPLATES_DIR,
): WrittenConfigs {
  const secret = () => randomBytes(18).toString('hex');
  const secrets = { sourcePassword: secret(), adminPassword: secret(), relayPassword: secret() };
  const icecastConfig = writeIcecastConfig(values, secrets, owner, templatesDir);
  const liquidsoap = fillTemplate(
    readFileSync(path.join(templatesDir, 'radio.liq.tmpl'), 'utf8'),
    {
      ...commonValues(values, secrets),
      MUSIC_DIR: values.musicDir,
      MEDIA_DIR: values.mediaDir,
      CROSSFADE_SECONDS: DEFAULT_CROSSFADE_SECONDS.toFixed(1),
      NEXT_TIMEOUT_MS: String(Math.max(100, Math.round(values.nextTimeoutMs ?? 2000))),
      NEXT_LEAD_SECONDS: String(Math.max(5, Math.round(values.nextLeadSeconds ?? 15))),
      HARBOR_BIND: values.bindAddress,
      HARBOR_PORT: String(values.harborPort),
      APP_URL: values.appUrl.replace(/\/$/, ''),
      ENGINE_TOKEN: values.engineToken,
      STATION_DESCRIPTION: values.stationDescription,
      KICK_BLOCK_SECONDS: String(Math.max(0, Math.round(values.kickBlockSeconds))),
      RECORDINGS_DIR: values.recordingsDir ?? recordingsDirOf(values.runtimeDir),
      RECORDING_ON: values.recordingOn === false ? 'false' : 'true',
      LIVE_LEVELLING: values.liveLevelling === false ? 'false' : 'true',
      HLS_DIR: path.join(values.runtimeDir, HLS.folder),
      HLS_SEGMENT_SECONDS: String(HLS.segmentSeconds),
      HLS_SEGMENTS: String(HLS.segments),
    },
    escapeLiquidsoap,
  );
  const liquidsoapScript = path.join(values.runtimeDir, 'radio.liq');
  writeOwnerOnly(liquidsoapScript, liquidsoap, owner);
  return { icecastConfig, liquidsoapScript, ...secrets };
}
