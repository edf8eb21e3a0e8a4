import { spawn } from 'node:child_process';
import { createSlots, type Slots } from '../../../infra/concurrency';

/**
 * Decoding a whole file is the one honest check that it plays to its end, and it is what measuring its
 * loudness needs anyway: one ffmpeg pass does both. Two passes run at once per process (the machine's
 * cores), the rest wait their turn. One uploader (or the music folder) holds at most one of them, with
 * at most PER_OWNER_WAITING more of theirs in line: a few slow files of one person never hold every
 * pass (docs/product/media-library-and-autodj.md, "Checking a file").
 */
const slots = createSlots({ max: 2, maxWaiting: 10_000, waitMs: 30 * 60_000 });
export const PER_OWNER_WAITING = 8;
const owners = new Map<string, Slots>();

/**
 * How long one decode may take: a floor, plus a share of the audio's declared length (a normal file
 * decodes hundreds of times faster than it plays; one that decodes slower than 20× is refused, as are
 * files that declare a short length and hold far more). Mutable for tests that need a tight budget.
 */
export const decodeBudget = { floorMs: 60_000, perAudioSecondMs: 50 };
export const decodeBudgetMs = (declaredSeconds: number) =>
  decodeBudget.floorMs + Math.max(0, declaredSeconds) * decodeBudget.perAudioSecondMs;

export interface AudioMeasure {
  /** Integrated loudness (EBU R128) in LUFS; null for silence (no gated block above -70 LUFS). */
  lufs: number | null;
  /** How much audio actually decoded, in seconds. */
  decodedSeconds: number;
}

export class UndecodableAudio extends Error {}
/** The decode ran past its budget and was stopped. */
export class DecodeTooSlow extends Error {
  constructor(readonly budgetMs: number) {
    super(`decoding took more than ${Math.round(budgetMs / 1000)} s`);
  }
}
/** The owner has too many files in line already (or the whole queue is full). */
export class DecodeQueueFull extends Error {}

/**
 * Decodes the first audio stream of `file` through ffmpeg's `ebur128` filter (no output written): the
 * integrated loudness comes from its summary, the decoded length from `-progress`. Throws
 * UndecodableAudio when ffmpeg cannot read the file, DecodeTooSlow past `budgetMs` (ffmpeg is killed),
 * DecodeQueueFull when `owner` has too many files in line.
 */
export async function measureAudio(
  file: string,
  opts: { owner: string; budgetMs: number },
): Promise<AudioMeasure> {
  let mine = owners.get(opts.owner);
  if (!mine) {
    mine = createSlots({ max: 1, maxWaiting: PER_OWNER_WAITING, waitMs: 30 * 60_000 });
    owners.set(opts.owner, mine);
  }
  const own = mine;
  const releaseOwn = await own.acquire();
  try {
    if (!releaseOwn) throw new DecodeQueueFull();
    const release = await slots.acquire();
    if (!release) throw new DecodeQueueFull();
    try {
      return await runFfmpeg(file, opts.budgetMs);
    } finally {
      release();
    }
  } finally {
    releaseOwn?.();
    if (own.active === 0 && own.waiting === 0 && owners.get(opts.owner) === own) owners.delete(opts.owner);
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
    let overBudget = false;
    const timer = setTimeout(() => {
      overBudget = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (overBudget) return reject(new DecodeTooSlow(timeoutMs));
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
