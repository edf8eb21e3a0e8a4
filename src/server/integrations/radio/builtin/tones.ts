import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Believable tags for generated test tones (tests, the demo seed). */
export const TONE_CATALOG = [
  { title: 'Midnight Drive', artist: 'The Night Owls', album: 'After Hours' },
  { title: 'Harbour Lights', artist: 'Marina Vale', album: 'Coastline' },
  { title: 'Paper Satellites', artist: 'Juniper Row', album: 'Low Orbit' },
  { title: 'Golden Static', artist: 'The Frequency Club', album: 'Dial Tone' },
  { title: 'Slow Burn Summer', artist: 'Ada Marlowe', album: 'Heatwave' },
  { title: 'City of Echoes', artist: 'Northbound', album: 'Transit' },
  { title: 'Velvet Underpass', artist: 'Kit Calloway', album: 'Neon Nights' },
  { title: 'Tides Turn', artist: 'Saltmarsh', album: 'Estuary' },
  { title: 'Last Train Home', artist: 'The Late Arrivals', album: 'Platform 9' },
  { title: 'Sunday Morning Radio', artist: 'Hazel & The Hum', album: 'Kitchen Sessions' },
  { title: 'Glasshouse', artist: 'Orla Finch', album: 'Bloom' },
  { title: 'Electric Meadow', artist: 'Fenwick', album: 'Field Recordings' },
] as const;

export interface ToneOptions {
  /** Length of each tone in seconds (default 30). */
  durationSeconds?: number;
  /** Start at this entry of the catalog (default 0). */
  offset?: number;
  bitrateKbps?: number;
}

export interface GeneratedTone {
  file: string;
  title: string;
  artist: string;
  album: string;
  frequency: number;
  durationSeconds: number;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Writes `count` short MP3 test tones into `dir` with ffmpeg (a soft sine with fades), each tagged with
 * a distinct title, artist and album (ID3v2.3). Past the catalog's end, titles get "(Take 2)" etc.
 */
export async function generateTones(
  dir: string,
  count: number,
  opts: ToneOptions = {},
): Promise<GeneratedTone[]> {
  const duration = opts.durationSeconds ?? 30;
  const offset = opts.offset ?? 0;
  await mkdir(dir, { recursive: true });
  const tones: GeneratedTone[] = [];
  for (let i = 0; i < count; i++) {
    const n = offset + i;
    const entry = TONE_CATALOG[n % TONE_CATALOG.length];
    const take = Math.floor(n / TONE_CATALOG.length);
    const title = take > 0 ? `${entry.title} (Take ${take + 1})` : entry.title;
    // A pentatonic walk from A3, so neighbouring tones are clearly different.
    const steps = [0, 2, 4, 7, 9];
    const semitones = 12 * Math.floor(n / steps.length) + steps[n % steps.length];
    const frequency = Math.round(220 * 2 ** ((semitones % 36) / 12));
    const file = path.join(dir, `${String(n + 1).padStart(2, '0')}-${slug(entry.artist)}-${slug(title)}.mp3`);
    const fadeOut = Math.max(0, duration - 1.5);
    await run(
      'ffmpeg',
      [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${duration}`],
        ...['-af', `volume=0.4,afade=t=in:d=1.5,afade=t=out:st=${fadeOut}:d=1.5`],
        ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', `${opts.bitrateKbps ?? 128}k`],
        ...['-id3v2_version', '3', '-metadata', `title=${title}`, '-metadata', `artist=${entry.artist}`],
        ...['-metadata', `album=${entry.album}`, file],
      ],
      { timeout: 60_000 },
    );
    tones.push({
      file,
      title,
      artist: entry.artist,
      album: entry.album,
      frequency,
      durationSeconds: duration,
    });
  }
  return tones;
}
