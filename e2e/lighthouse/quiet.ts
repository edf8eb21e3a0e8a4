/**
 * How busy the machine is, for the Lighthouse gate. Lighthouse's performance score is a timing taken on
 * this machine's CPUs (scaled by its simulation): measured while an earlier CI stage's processes are still
 * winding down (a browser closing, PostgreSQL vacuuming what the suites dropped), it reads the other load,
 * not the page. The gate waits for the machine to be quiet first, and says how busy it was at each run, so a
 * low reading can be told apart from a slower page.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

function cpuTimes(): { busy: number; total: number } {
  // The first line of /proc/stat: user nice system idle iowait irq softirq steal (in clock ticks).
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4];
  return { busy: total - idle, total };
}

/** The share of all cores' time spent busy over the next `ms` (0 to 1); null where /proc/stat is not there. */
export async function cpuBusy(ms: number): Promise<number | null> {
  let before: { busy: number; total: number };
  try {
    before = cpuTimes();
  } catch {
    return null;
  }
  await new Promise((r) => setTimeout(r, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : 0;
}

/** The processes using the most CPU right now (top's second sample: the first is averaged since boot). */
export function busiestProcesses(count = 5): string {
  try {
    const out = execFileSync('top', ['-b', '-n', '2', '-d', '1', '-o', '%CPU', '-w', '160'], {
      encoding: 'utf8',
    });
    const lastSample = out.slice(out.lastIndexOf('PID USER'));
    return lastSample
      .split('\n')
      .slice(0, count + 1)
      .join('\n');
  } catch {
    return '(top is not available)';
  }
}

/**
 * Waits until the cores have been under `threshold` busy for `quietSeconds` seconds in a row, at most
 * `maxSeconds`; gives what it saw.
 */
export async function waitForQuiet({ threshold = 0.15, quietSeconds = 3, maxSeconds = 120 } = {}) {
  const started = Date.now();
  let quiet = 0;
  let last: number | null = null;
  while ((Date.now() - started) / 1000 < maxSeconds) {
    last = await cpuBusy(1000);
    if (last === null) return { quiet: true, waited: 0, busy: null };
    quiet = last < threshold ? quiet + 1 : 0;
    if (quiet >= quietSeconds)
      return { quiet: true, waited: Math.round((Date.now() - started) / 1000), busy: last };
  }
  return { quiet: false, waited: maxSeconds, busy: last };
}

export const percent = (share: number | null) => (share === null ? '?' : `${Math.round(share * 100)}%`);
