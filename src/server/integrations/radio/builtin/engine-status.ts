import { readdirSync } from 'node:fs';
import path from 'node:path';
import { RadioBackendError, type RadioCommand } from '../types';
import type { MountStatus } from './icecast-mounts';
import type { StationEngine } from './station-engine';

const AUDIO = /\.(mp3|ogg|oga|opus|flac|m4a|aac|wav)$/i;

/** The built-in engine's lines on Admin → System status (docs/operations/engine.md). */
export function engineDetails(p: {
  engine: StationEngine;
  mount: MountStatus;
  streamUrl: string;
  qualities: readonly { kbps: number; mount: string }[];
  hlsUrl: string | null;
  hlsDir: string;
  harborBase: string;
  musicDir: string;
}): { label: string; value: string }[] {
  const { engine, mount } = p;
  const details = [
    { label: 'Icecast', value: engine.describe(engine.icecast) },
    { label: 'Liquidsoap', value: engine.describe(engine.liquidsoap) },
    { label: 'Mount', value: `${p.streamUrl} (${mount.onAir ? 'on air' : 'no source'})` },
    { label: 'Qualities', value: p.qualities.map((q) => `${q.kbps} kbps ${q.mount}`).join(', ') },
    { label: 'HLS', value: `${p.hlsUrl} (${p.hlsDir})` },
    { label: 'Live input (harbor)', value: `${p.harborBase.replace('http', 'icecast')}/live` },
    { label: 'Music folder', value: musicSummary(path.resolve(p.musicDir)) },
  ];
  if (mount.title) details.push({ label: 'On the mount', value: mount.title });
  if (engine.problem) details.push({ label: 'Last problem', value: engine.problem });
  return details;
}

function musicSummary(dir: string): string {
  try {
    const count = readdirSync(dir, { recursive: true }).filter((f) => AUDIO.test(String(f))).length;
    return `${dir} (${count} audio ${count === 1 ? 'file' : 'files'})`;
  } catch {
    return `${dir} (not readable)`;
  }
}

/**
 * A command to Liquidsoap through its harbor's control endpoint (skip, disconnect), with the engine's
 * token; what it refuses becomes the error an admin reads.
 */
export async function sendLiquidsoapCommand(harborBase: string, token: string, action: RadioCommand) {
  let res: Response;
  try {
    res = await fetch(`${harborBase}/control/${action}`, {
      method: 'POST',
      headers: { 'x-engine-token': token },
      signal: AbortSignal.timeout(5000),
    });
    await res.text();
  } catch (err) {
    throw new RadioBackendError(`Could not reach Liquidsoap: ${(err as Error).message}`);
  }
  if (res.ok) return;
  if (res.status === 409 && action === 'skip') {
    throw new RadioBackendError(
      'A presenter is live: skip works on AutoDJ. Disconnect the presenter first.',
      'rejected',
    );
  }
  if (res.status === 409) throw new RadioBackendError('No presenter is connected.', 'rejected');
  throw new RadioBackendError(`Liquidsoap refused the ${action} command (HTTP ${res.status}).`);
}
