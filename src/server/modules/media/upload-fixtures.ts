import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Test audio: a sine tone of `seconds`, encoded by ffmpeg, with tags and optionally embedded cover art. */
export async function makeAudio(
  dir: string,
  name: string,
  opts: {
    seconds?: number;
    frequency?: number;
    volume?: number;
    tags?: Record<string, string>;
    art?: boolean;
    codec?: string[];
  } = {},
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const seconds = opts.seconds ?? 3;
  const args = [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=${opts.frequency ?? 440}:sample_rate=44100:duration=${seconds}`],
  ];
  if (opts.art) args.push('-f', 'lavfi', '-i', 'color=c=orange:s=320x240:d=1');
  args.push('-map', '0:a');
  if (opts.art) args.push('-map', '1:v', '-frames:v', '1', '-c:v', 'mjpeg', '-disposition:v', 'attached_pic');
  args.push('-af', `volume=${opts.volume ?? 0.4}`, '-ac', '2');
  const ext = path.extname(name).toLowerCase();
  const codec =
    opts.codec ??
    {
      '.mp3': ['-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3'],
      '.m4a': ['-c:a', 'aac', '-b:a', '128k'],
      '.ogg': ['-c:a', 'libvorbis'],
      '.opus': ['-c:a', 'libopus'],
      '.flac': ['-c:a', 'flac'],
      '.wav': ['-c:a', 'pcm_s16le'],
    }[ext] ??
    [];
  args.push(...codec);
  for (const [k, v] of Object.entries(opts.tags ?? {})) args.push('-metadata', `${k}=${v}`);
  args.push(file);
  await run('ffmpeg', args);
  return file;
}

export interface Part {
  name: string;
  bytes: Buffer;
  field?: string;
  type?: string;
}

/** A multipart/form-data body with the given file parts (what a browser's FormData sends). */
export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----onair${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const partFromFile = async (file: string, name = path.basename(file)): Promise<Part> => ({
  name,
  bytes: await readFile(file),
});
