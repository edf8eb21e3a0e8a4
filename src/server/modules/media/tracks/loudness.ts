import { spawn } from 'node:child_process';
import { createSlots } from '../../../infra/concurrency';

/**
 * Decoding a whole file is the one honest check that it plays to its end, and it is what measuring its
 * loudness needs anyway: one ffmpeg pass does both. Two passes run at once per process (the machine's
 * cores), the rest wait their turn.
 */
const slots = createSlots({ max: 2, maxWaiting: 10_000, waitMs: 30 * 60_000 });

export interface AudioMeasure {
  /** Integrated loudness (EBU R128) in LUFS; null for silence (no gated block above -70 LUFS). */
  lufs: number | null;
  /** How much audio actually decoded, in seconds. */
  decodedSeconds: number;
}

export class UndecodableAudio extends Error {}

/**
 * Decodes the first audio stream of `file` through ffmpeg's `ebur128` filter (no output written): the
 * integrated loudness comes from its summary, the decoded length from `-progress`. Throws
 * UndecodableAudio when ffmpeg cannot read the file.
 */
export async function measureAudio(file: string, timeoutMs = 10 * 60_000): Promise<AudioMeasure> {
  const release = await slots.acquire();
  if (!release) throw new Error('loudness: too many files waiting');
  try {
    return await runFfmpeg(file, timeoutMs);
  } finally {
    release();
  }
}

function runFfmpeg(file: string, timeoutMs: number): Promise<AudioMeasure> {
  return new Promise((resolve, reject) => {
    const args = [
      ...['-nostdin', '-hide_banner', '-nostats', '-v', 'info', '-progress', 'pipe:1'],
      ...['-i', file, '-map', '0:a:0', '-vn', '-sn', '-dn'],
      // Per-frame lines go to the verbose log level, which -v info hides: only the summary is printed.
      ...['-af', 'ebur128=framelog=verbose', '-f', 'null', '-'],
    ];
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderrTail = '';
    let lastOutUs = 0;
    let stdoutRest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (stdoutRest + chunk).split('\n');
      stdoutRest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('out_time_us=')) {
          const n = Number(line.slice('out_time_us='.length));
          if (Number.isFinite(n) && n > lastOutUs) lastOutUs = n;
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new UndecodableAudio(lastLines(stderrTail)));
      const summary = stderrTail.slice(stderrTail.lastIndexOf('Summary:'));
      const m = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary);
      const value = m && m[1] !== '-inf' ? Number(m[1]) : null;
      resolve({
        lufs: value !== null && Number.isFinite(value) && value > -70 ? value : null,
        decodedSeconds: lastOutUs / 1e6,
      });
    });
  });
}

const lastLines = (s: string) => s.trim().split('\n').slice(-3).join(' | ');
