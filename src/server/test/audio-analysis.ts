import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Listening to what the engine airs, with ffmpeg: a capture of a stream into a file, then where a tone
 * of a given frequency sounds, how loud it is, and the capture's loudness (EBU R128).
 */

/** Records `url` into `file` until `stop` resolves (or `maxMs` passes); resolves with the bytes written. */
export function captureStream(url: string, file: string, stop: Promise<unknown>, maxMs = 120_000) {
  return new Promise<number>((resolve, reject) => {
    const out = createWriteStream(file, { mode: 0o600 });
    let bytes = 0;
    const req = http.get(url, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`${url} answered ${res.statusCode}`));
      }
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        out.write(c);
      });
    });
    req.once('error', reject);
    const end = () => {
      req.destroy();
      out.end(() => resolve(bytes));
    };
    const timer = setTimeout(end, maxMs);
    void stop.finally(() => {
      clearTimeout(timer);
      end();
    });
  });
}

/** Three narrow band-passes in a row: a tone an octave-and-a-half away is some 55 dB down. */
const band = (hz: number) => Array.from({ length: 3 }, () => `bandpass=f=${hz}:width_type=q:w=10`).join(',');

async function ffmpegLog(args: string[]) {
  const { stderr } = await run('ffmpeg', ['-nostdin', '-hide_banner', '-nostats', ...args], {
    timeout: 120_000,
    maxBuffer: 32 * 1024 * 1024,
  });
  return stderr;
}

/** How long the capture is, in seconds. */
export async function lengthOf(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

/**
 * The stretches (seconds from the capture's start) where a tone of `hz` sounds above `thresholdDb`
 * (dBFS after the band-pass), ignoring gaps and stretches shorter than 0.2 s.
 */
export async function toneRuns(file: string, hz: number, thresholdDb = -40) {
  const log = await ffmpegLog([
    ...['-i', file, '-af', `${band(hz)},silencedetect=n=${thresholdDb}dB:d=0.2`, '-f', 'null', '-'],
  ]);
  const total = await lengthOf(file);
  const silences: { start: number; end: number }[] = [];
  for (const line of log.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    if (s) silences.push({ start: Math.max(0, Number(s[1])), end: total });
    const e = /silence_end: ([\d.]+)/.exec(line);
    if (e && silences.length) silences[silences.length - 1]!.end = Number(e[1]);
  }
  const runs: { start: number; end: number; seconds: number }[] = [];
  let at = 0;
  for (const s of silences) {
    if (s.start - at >= 0.2) runs.push({ start: at, end: s.start, seconds: s.start - at });
    at = s.end;
  }
  if (total - at >= 0.2) runs.push({ start: at, end: total, seconds: total - at });
  return runs;
}

/** The mean level (dBFS) of the tone of `hz` between `from` and `from + seconds`. */
export async function toneLevel(file: string, hz: number, from: number, seconds: number) {
  const log = await ffmpegLog([
    ...['-ss', from.toFixed(3), '-t', seconds.toFixed(3), '-i', file],
    ...['-af', `${band(hz)},volumedetect`, '-f', 'null', '-'],
  ]);
  const m = /mean_volume: (-?[\d.]+|-inf) dB/.exec(log);
  return m && m[1] !== '-inf' ? Number(m[1]) : Number.NEGATIVE_INFINITY;
}

/** The integrated loudness (LUFS) of the capture between `from` and `from + seconds`. */
export async function loudnessOf(file: string, from: number, seconds: number) {
  const log = await ffmpegLog([
    ...['-ss', from.toFixed(3), '-t', seconds.toFixed(3), '-i', file],
    ...['-af', 'ebur128', '-f', 'null', '-'],
  ]);
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const m = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!m) throw new Error(`no loudness measured:\n${log.slice(-800)}`);
  return Number(m[1]);
}
