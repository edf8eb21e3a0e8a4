/**
 * A 2-hour live show, recorded: Liquidsoap runs the recording section of station/radio.liq.tmpl verbatim
 * (the same gate, the same %mp3 encoder and output.file), fed with a generated 2-hour "live" source
 * (a tone with a little noise) on a clock with sync="none", so it records as fast as the CPU allows
 * instead of in real time. A harbor input cannot be fed faster than real time; everything after the
 * input (gate, encoder, file output, closing, the report) is the template's own code.
 * Every 250 ms the Liquidsoap process's RSS and the file's size are sampled against the audio time
 * written. At the end: the file's length (every MP3 frame counted by ffprobe), a full decode for errors,
 * ffmpeg silencedetect for gaps, and the app's tagging pass and length measure (music-metadata).
 * Targets: length 7200 s within 2 s, no gap, no decode error, RSS flat, size ≈ 16,000 bytes per second.
 *   node --import tsx bench/recording-2h.ts [seconds=7200]
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { measureSeconds } from '../src/server/modules/recordings/recording-ingest';

const run = promisify(execFile);
const seconds = Number(process.argv[2] ?? 7200);
const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-rec-bench-'));
chmodSync(dir, 0o777);
const recordingsDir = path.join(dir, 'recordings');

// The template's recording section, placeholders filled as the app fills them.
const template = readFileSync(path.join(import.meta.dirname, '..', 'station', 'radio.liq.tmpl'), 'utf8');
const section = /# -+ recording\n([\s\S]*?)\n# -+ /.exec(template)?.[1];
if (!section) throw new Error('no recording section in station/radio.liq.tmpl');
const filled = section.replaceAll('{{RECORDINGS_DIR}}', recordingsDir).replaceAll('{{RECORDING_ON}}', 'true');

const script = `
settings.init.allow_root.set(false)
settings.log.stdout.set(true)
settings.log.file.set(false)
settings.server.telnet.set(false)
dj = ref("bench-dj")
def next_seq() = 1 end
# Stands in for the report to the app: the file is closed, the show is over.
def post_event(body) =
  log.important(label="bench", "report: #{body}")
  shutdown()
end
# The live show: ${seconds} s of a 440 Hz tone with a little noise, then the "DJ" leaves.
live_in = add(normalize=false, [sine(amplitude=0.4, duration=${seconds}., 440.), amplify(0.02, noise(duration=${seconds}.))])
clock.assign_new(id="offline", sync="none", [live_in])
${filled}
`;
const scriptFile = path.join(dir, 'bench.liq');
writeFileSync(scriptFile, script);
chmodSync(scriptFile, 0o644);

const asRoot = process.getuid?.() === 0;
const [cmd, args] = asRoot
  ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', 'liquidsoap', scriptFile]]
  : ['liquidsoap', [scriptFile]];
const started = Date.now();
const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
child.stdout.on('data', (c) => (log += c));
child.stderr.on('data', (c) => (log += c));
const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));

/** The liquidsoap process (setpriv execs it, so the pid is the same). */
const rssMb = () => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
};
const fileNow = () => {
  try {
    const f = readdirSync(recordingsDir).find((n) => n.endsWith('.mp3'));
    return f ? path.join(recordingsDir, f) : null;
  } catch {
    return null;
  }
};
const samples: { wall: number; audio: number; rss: number; bytes: number }[] = [];
const BYTES_PER_SECOND = 128_000 / 8;
const timer = setInterval(() => {
  const rss = rssMb();
  const f = fileNow();
  const bytes = f ? statSync(f).size : 0;
  if (rss !== null)
    samples.push({ wall: (Date.now() - started) / 1000, audio: bytes / BYTES_PER_SECOND, rss, bytes });
}, 250);
const code = await exited;
clearInterval(timer);
const wall = (Date.now() - started) / 1000;
const file = fileNow();
if (code !== 0 || !file) {
  console.error(log.slice(-3000));
  throw new Error(`liquidsoap exited ${code}; file ${file}`);
}
const bytes = statSync(file).size;

// The length: every MP3 frame counted (ffprobe reads each packet; 1152 samples a frame at 44.1 kHz).
const frames = Number(
  (
    await run('ffprobe', [
      ...['-v', 'error', '-count_packets', '-select_streams', 'a:0'],
      ...['-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file],
    ])
  ).stdout.trim(),
);
const counted = (frames * 1152) / 44100;
// A full decode: errors and silences (a gap in a continuous tone is silence, or a shorter file). The
// encoder's priming at 0 s (its first frame fades in from zero) is not a gap.
const decode = await run(
  'ffmpeg',
  [
    '-nostdin',
    '-hide_banner',
    '-v',
    'info',
    '-i',
    file,
    '-af',
    'silencedetect=n=-40dB:d=0.05',
    '-f',
    'null',
    '-',
  ],
  { maxBuffer: 64 * 1024 * 1024 },
);
const silenceStarts = [...decode.stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
const gaps = silenceStarts.filter((at) => at > 0.1);
const errors = decode.stderr
  .split('\n')
  .filter((l) => /error|invalid|corrupt/i.test(l) && !/silencedetect/.test(l));
// The app's tagging pass (stream copy) over the whole file.
const t0 = Date.now();
const tagged = path.join(dir, 'tagged.mp3');
await run('ffmpeg', [
  '-nostdin',
  '-v',
  'error',
  '-y',
  '-i',
  file,
  '-map',
  '0:a',
  '-c',
  'copy',
  '-map_metadata',
  '-1',
  '-id3v2_version',
  '3',
  '-write_xing',
  '1',
  '-metadata',
  'title=Bench',
  '-f',
  'mp3',
  tagged,
]);
const tagMs = Date.now() - t0;
const t1 = Date.now();
const taggedSeconds = await measureSeconds(tagged);
const measureMs = Date.now() - t1;

console.log(
  `recorded ${seconds} s of live audio in ${wall.toFixed(1)} s wall (${(seconds / wall).toFixed(1)}x real time)`,
);
console.log('audio min | RSS MB | file MB | bytes/audio s');
for (let minute = 0; minute <= seconds / 60; minute += 10) {
  const s = samples.find((x) => x.audio >= minute * 60) ?? samples.at(-1)!;
  console.log(
    `${String(minute).padStart(9)} | ${s.rss.toFixed(1).padStart(6)} | ${(s.bytes / 1e6).toFixed(1).padStart(7)} | ${s.audio > 0 ? (s.bytes / s.audio).toFixed(0) : '-'}`,
  );
}
const rssAfterStart = samples.filter((s) => s.audio > 60).map((s) => s.rss);
console.log(
  `RSS after the first minute: min ${Math.min(...rssAfterStart).toFixed(1)} MB, max ${Math.max(...rssAfterStart).toFixed(1)} MB; peak overall ${Math.max(...samples.map((s) => s.rss)).toFixed(1)} MB`,
);
console.log(
  `file: ${bytes} bytes = ${(bytes / seconds).toFixed(1)} bytes per audio second (128 kbps = 16000)`,
);
console.log(
  `length: ${frames} MP3 frames = ${counted.toFixed(3)} s; target ${seconds} s ± 2 s: ${Math.abs(counted - seconds) <= 2 ? 'yes' : 'NO'}`,
);
console.log(
  `gaps (silencedetect -40 dB, 50 ms, after the encoder's priming at 0 s): ${gaps.length} ${JSON.stringify(gaps.slice(0, 10))}; silences at 0 s: ${silenceStarts.length - gaps.length}; decode errors: ${errors.length}`,
);
console.log(
  `the app's tagging pass: ${tagMs} ms; measuring the tagged file: ${measureMs} ms, ${taggedSeconds.toFixed(3)} s`,
);
if (errors.length) console.log(errors.slice(0, 5).join('\n'));
