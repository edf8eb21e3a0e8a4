/**
 * The Lighthouse gate: the built app on a free port with a fresh embedded database and the demo seed,
 * Lighthouse (mobile preset, Debian's Chromium) once on each public page (or `runs` times, the median run
 * kept), and HOME_RUNS times on the home page, whose performance is gated. Fails when accessibility, best
 * practices or SEO is under 95 on any page, or the home page's performance is under 90 (see
 * HOME_PERFORMANCE_MIN). Reports (HTML and JSON) and a summary go to .tmp/ci/lighthouse/.
 *
 *   npm run build && node --import tsx e2e/lighthouse/run.ts [runs] [pages, e.g. /,/news]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { freePort } from '../../src/server/test/free-port';
import { busiestProcesses, cpuBusy, percent, waitForQuiet } from './quiet';

export const PAGES = ['/', '/schedule', '/requests', '/chart', '/members', '/news', '/streamers', '/shop'];
/**
 * Runs per page other than home. Their scores (accessibility, best practices, SEO) do not move with the
 * machine's load the way performance does, so CI measures them once (docs/testing.md).
 */
const RUNS = Number(process.argv[2] ?? 1);
/** A comma-separated subset of PAGES (third argument), to look at one page while working on it. */
const ONLY = process.argv[3]?.split(',');
const OUT = path.resolve('.tmp/ci/lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const MIN: Record<Category, number> = { performance: 0, accessibility: 95, 'best-practices': 95, seo: 95 };
/**
 * The home page's performance gate: 90, on the median of HOME_RUNS runs, measured once the
 * machine is quiet (quiet.ts). On the 2-core machines of earlier stops it read 78–89 in CI while 89–96 on an
 * idle machine, with other load on the cores; the wait for a quiet machine and the load printed with each
 * run are there so a reading is of the page, and a low one can be told apart (bench/RESULTS.md).
 * `LH_MIN_HOME_PERFORMANCE` changes it for a look by hand.
 */
const HOME_PERFORMANCE_MIN = Number(process.env.LH_MIN_HOME_PERFORMANCE ?? 90);
/**
 * The gated page is measured 7 times: single runs here move between 85 and 97 with the machine's load, and
 * the median of 7 moves less than the median of 3 or 5.
 */
const HOME_RUNS = Math.max(RUNS, 7);

async function waitHealthy(base: string, app: ChildProcess) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode})`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not become healthy in 120 s');
}

// Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART, NO_FCP under CPU contention) and
// says to run it again: a run that could not be measured is retried, up to 3 times, before the page fails.
async function measure(url: string, port: number, cpuSlowdownMultiplier: number) {
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: ['html', 'json'],
      onlyCategories: [...CATEGORIES],
      throttling: { cpuSlowdownMultiplier },
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (!result.lhr.runtimeError) return result;
    lastError = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
    console.warn(`${url} attempt ${attempt} could not be measured (${lastError})`);
  }
  throw new Error(`Lighthouse could not load ${url} in 3 attempts: ${lastError}`);
}

/**
 * The CPU slowdown that makes this host a mid-tier phone. Lighthouse's mobile preset slows the CPU 4×,
 * which stands for a mid-tier phone on a host whose benchmark index reads 1,500 or more; on a slower host
 * it stands for a slower phone (its own guide, docs/throttling.md in Lighthouse, "Calibrating the CPU
 * slowdown", says to lower it there). So the multiplier is 4 × index / 1,500, never above 4: unchanged on
 * the hosts the preset was made for, the same phone on a slower one. The index is the median of the
 * readings so far (one reading moves by a third from run to run).
 */
const readings: number[] = [];
function cpuSlowdown(): number {
  if (readings.length === 0) return 4;
  const sorted = [...readings].sort((a, b) => a - b);
  const index = sorted[Math.floor(sorted.length / 2)];
  return Math.min(4, Math.round(((4 * index) / 1500) * 100) / 100);
}

/** One run's performance and what makes it (the scored metrics, and the host's speed as Lighthouse rated it). */
function describeRun(lhr: Result) {
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  return `performance ${score} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, SI ${metric('speed-index')}; host benchmark index ${Math.round(lhr.environment.benchmarkIndex)})`;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-lighthouse-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: base,
    DATA_DIR: dataDir,
    MUSIC_DIR: path.join(dataDir, 'music'),
    RADIO_BACKEND: 'none',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  // A station that looks alive: the demo seed, written before the app opens the embedded database.
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-demo.ts'], {
    env,
    stdio: 'inherit',
  });
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: 'inherit' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const failures: string[] = [];
  let machine: Awaited<ReturnType<typeof waitForQuiet>> | null = null;
  const summary: Record<string, Record<Category, number>> = {};
  try {
    await waitHealthy(base, app);
    // The app answers as soon as it listens and starts its job runner just after (pg-boss on the embedded
    // database: a second or two of CPU). A station's server has been up for a while when listeners come:
    // the pages are measured once that start is over, not against it (it doubled the first run's answer
    // times, and so the simulated first paint, on this 2-core machine).
    await new Promise((r) => setTimeout(r, 8000));
    await fetch(`${base}/`).then((r) => r.text());
    const quiet = await waitForQuiet();
    machine = quiet;
    console.log(
      `machine ${quiet.quiet ? 'quiet' : 'still busy'} after ${quiet.waited} s (cores ${percent(quiet.busy)} busy)`,
    );
    if (!quiet.quiet) console.log(busiestProcesses());
    // A first load, not scored, reads the host's benchmark index for the CPU slowdown (cpuSlowdown).
    readings.push((await measure(`${base}/`, chrome.port, 4)).lhr.environment.benchmarkIndex);
    for (const page of ONLY ?? PAGES) {
      const runs = [];
      for (let i = 0; i < (page === '/' ? HOME_RUNS : RUNS); i++) {
        const busy = await cpuBusy(1000);
        const slowdown = cpuSlowdown();
        const result = await measure(`${base}${page}`, chrome.port, slowdown);
        readings.push(result.lhr.environment.benchmarkIndex);
        for (const w of result.lhr.runWarnings) console.warn(`${page} run ${i + 1}: ${w}`);
        console.log(
          `  ${page} run ${i + 1}: ${describeRun(result.lhr)}; CPU slowdown ${slowdown}×; cores ${percent(busy)} busy before`,
        );
        runs.push(result);
      }
      const median: Result = computeMedianRun(runs.map((r) => r.lhr));
      const chosen = runs.find((r) => r.lhr === median) ?? runs[0];
      const name = page === '/' ? 'home' : page.slice(1).replace(/\//g, '-');
      const [html, json] = chosen.report as string[];
      writeFileSync(path.join(OUT, `${name}.html`), html);
      writeFileSync(path.join(OUT, `${name}.json`), json);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((median.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      summary[page] = scores;
      for (const c of CATEGORIES) {
        const min = c === 'performance' && page === '/' ? HOME_PERFORMANCE_MIN : MIN[c];
        if (scores[c] < min) {
          const refs = median.categories[c]?.auditRefs ?? [];
          const weighted = new Set(refs.filter((r) => r.weight > 0).map((r) => r.id));
          const failing = Object.values(median.audits)
            .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 0.9)
            .map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})`)
            .slice(0, 8);
          failures.push(`${page} ${c} ${scores[c]} < ${min}: ${failing.join(', ')}`);
        }
      }
      console.log(`${page.padEnd(12)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(' · ')}`);
    }
  } finally {
    chrome.kill();
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeFileSync(
    path.join(OUT, 'summary.json'),
    JSON.stringify({ runs: RUNS, homeRuns: HOME_RUNS, machine, summary, failures }, null, 2),
  );
  if (failures.length > 0) {
    console.error(`Lighthouse below the thresholds:\n${failures.map((f) => `- ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log(
    `Lighthouse: every page meets the thresholds (${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} a page, home median of ${HOME_RUNS}).`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
