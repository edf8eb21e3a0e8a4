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
}

/** The crossfade until the app names one (its setting travels with every track it sends). */
export const DEFAULT_CROSSFADE_SECONDS = 2;

export interface WrittenConfigs {
  icecastConfig: string;
  liquidsoapScript: string;
  /** Icecast's source password, fresh for each start. */
  sourcePassword: string;
  adminPassword: string;
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
  const sourcePassword = secret();
  const adminPassword = secret();
  const host = connectHost(values.bindAddress);
  const common = {
    ICECAST_HOST: host,
    ICECAST_PORT: String(values.icecastPort),
    STATION_MOUNT: values.mount,
    STATION_NAME: values.stationName,
    SOURCE_PASSWORD: sourcePassword,
    RUNTIME_DIR: values.runtimeDir,
  };
  const icecast = fillTemplate(
    readFileSync(path.join(templatesDir, 'icecast.xml.tmpl'), 'utf8'),
    {
      ...common,
      ICECAST_BIND: values.bindAddress,
      RELAY_PASSWORD: secret(),
      ADMIN_PASSWORD: adminPassword,
      MAX_LISTENERS: String(values.maxListeners),
    },
    escapeXml,
  );
  const liquidsoap = fillTemplate(
    readFileSync(path.join(templatesDir, 'radio.liq.tmpl'), 'utf8'),
    {
      ...common,
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
    },
    escapeLiquidsoap,
  );
  const icecastConfig = path.join(values.runtimeDir, 'icecast.xml');
  const liquidsoapScript = path.join(values.runtimeDir, 'radio.liq');
  for (const [file, content] of [
    [icecastConfig, icecast],
    [liquidsoapScript, liquidsoap],
  ] as const) {
    writeFileSync(file, content, { mode: 0o600 });
    chmodSync(file, 0o600);
    if (owner) chownSync(file, owner.uid, owner.gid);
  }
  return { icecastConfig, liquidsoapScript, sourcePassword, adminPassword };
}
