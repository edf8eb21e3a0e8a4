import { writeFileSync } from 'node:fs';

/** The tone Chromium's fake microphone plays in the web booth journeys: no AutoDJ test tone is near it. */
export const BOOTH_TONE_HZ = 3000;

/**
 * Writes a WAV (16-bit mono, 48 kHz) of a steady sine for Chromium's `--use-file-for-fake-audio-capture`,
 * which loops it: a whole number of cycles, so the loop joins without a click.
 */
export function writeToneWav(file: string, hz = BOOTH_TONE_HZ, seconds = 4, amplitude = 0.5) {
  const rate = 48_000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // the fmt chunk's size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([header, data]), { mode: 0o644 });
}
