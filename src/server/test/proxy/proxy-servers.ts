/**
 * Real reverse proxies for tests: Caddy and nginx from Debian, run from the shipped configurations in
 * deploy/ with only the site name, the ports and the certificate replaced. Each runs in its own temporary
 * folder (config, certificates, logs, pid, Caddy's data), as an unprivileged user when the tests run as
 * root. Used by src/server/test/proxy/proxies.test.ts and the CI journey through Caddy (e2e).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findExecutable } from '../../integrations/radio/builtin/supervisor';
import { fromRoot } from '../../paths';

const SEARCH = ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin', '/bin', '/sbin'];

export const findBinary = (name: string): string | null => findExecutable(name, SEARCH);

/** The unprivileged account proxies run as when the tests run as root (as the station engine does). */
const UNPRIVILEGED = { user: 'nobody', uid: 65534, gid: 65534 };
const asRoot = () => process.getuid?.() === 0;

export interface RunningProxy {
  name: 'caddy' | 'nginx' | 'nginx-stream';
  /** The public origin, e.g. https://localhost:43123. */
  origin: string;
  port: number;
  dir: string;
  log(): string;
  stop(): Promise<void>;
}

export function workDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** Hands the folder to the unprivileged user when we are root (the proxy writes logs and state there). */
export function giveAway(dir: string) {
  if (!asRoot()) return;
  execFileSync('chown', ['-R', `${UNPRIVILEGED.uid}:${UNPRIVILEGED.gid}`, dir]);
  chownSync(dir, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
}

export function launch(
  file: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
): ChildProcess {
  const setpriv = findBinary('setpriv');
  const [cmd, argv] =
    asRoot() && setpriv
      ? [
          setpriv,
          [
            '--reuid',
            String(UNPRIVILEGED.uid),
            '--regid',
            String(UNPRIVILEGED.gid),
            '--clear-groups',
            '--pdeathsig=TERM',
            '--',
            file,
            ...args,
          ],
        ]
      : [file, args];
  const child = spawn(cmd, argv, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  const keep = (b: Buffer) => {
    out.push(b.toString());
    writeFileSync(logFile, out.join(''));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

export async function waitForPort(port: number, child: ChildProcess, log: () => string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until)
      throw new Error(`the proxy did not listen on ${port} within ${timeoutMs} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops the proxy (SIGTERM, then SIGKILL after 5 s) and removes its folder. */
export function stopper(child: ChildProcess, dir: string) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The shipped deploy/Caddyfile for https://localhost:PORT in front of the app on 127.0.0.1:appPort, with
 * `tls internal` (Caddy's local CA) instead of a public certificate, and global options that keep Caddy
 * inside its folder: no admin endpoint, no trust-store install, no port 80.
 */
export function caddyConfig(opts: { port: number; httpPort: number; appPort: number; dir: string }) {
  const shipped = readFileSync(fromRoot('deploy', 'Caddyfile'), 'utf8');
  if (!shipped.includes('radio.example.org {') || !shipped.includes('127.0.0.1:3000'))
    throw new Error('deploy/Caddyfile no longer has the site block the tests adapt');
  const global = [
    '{',
    '\tadmin off',
    '\tskip_install_trust',
    `\thttp_port ${opts.httpPort}`,
    `\thttps_port ${opts.port}`,
    `\tstorage file_system ${path.join(opts.dir, 'data')}`,
    '\tauto_https disable_redirects',
    '}',
    '',
  ].join('\n');
  return (
    global +
    shipped
      .replace('radio.example.org {', `https://localhost:${opts.port} {\n\ttls internal`)
      .replaceAll('127.0.0.1:3000', `127.0.0.1:${opts.appPort}`)
  );
}

export async function startCaddy(opts: {
  port: number;
  httpPort: number;
  appPort: number;
}): Promise<RunningProxy> {
  const bin = findBinary('caddy');
  if (!bin) throw new Error('caddy is not installed (apt-get install caddy)');
  const dir = workDir('onair-caddy-');
  const config = path.join(dir, 'Caddyfile');
  writeFileSync(config, caddyConfig({ ...opts, dir }));
  for (const d of ['data', 'config', 'home']) mkdirSync(path.join(dir, d));
  giveAway(dir);
  const logFile = path.join(dir, 'caddy.log');
  const child = launch(
    bin,
    ['run', '--config', config, '--adapter', 'caddyfile'],
    {
      HOME: path.join(dir, 'home'),
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
    logFile,
  );
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  await waitForPort(opts.port, child, log);
  return {
    name: 'caddy',
    origin: `https://localhost:${opts.port}`,
    port: opts.port,
    dir,
    log,
    stop: stopper(child, dir),
  };
}

/** A self-signed certificate for localhost and 127.0.0.1 (openssl), for nginx in tests. */
export function selfSignedCertificate(dir: string) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/**
 * A whole nginx.conf around the shipped deploy/nginx.conf site: the name, the app's port, the listening
 * ports (on 127.0.0.1 only) and the certificate replaced; pid, logs and temporary files in `dir`.
 */
export function nginxConfig(opts: {
  port: number;
  httpPort: number;
  appPort: number;
  dir: string;
  cert: string;
  key: string;
}) {
  let site = readFileSync(fromRoot('deploy', 'nginx.conf'), 'utf8');
  const must = [
    'server 127.0.0.1:3000;',
    'listen 443 ssl http2;',
    'listen 80;',
    '/etc/letsencrypt/live/radio.example.org/fullchain.pem',
    '/etc/letsencrypt/live/radio.example.org/privkey.pem',
  ];
  for (const m of must)
    if (!site.includes(m)) throw new Error(`deploy/nginx.conf no longer has "${m}", which the tests adapt`);
  site = site
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${opts.appPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${opts.port} ssl http2;`)
    .replace('listen 80;', `listen 127.0.0.1:${opts.httpPort};`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
    .replace('/etc/letsencrypt/live/radio.example.org/fullchain.pem', opts.cert)
    .replace('/etc/letsencrypt/live/radio.example.org/privkey.pem', opts.key)
    .replaceAll('radio.example.org', 'localhost')
    .replace('root /var/www/html;', `root ${opts.dir};`);
  const t = (name: string) => path.join(opts.dir, name);
  return [
    'worker_processes 1;',
    'daemon off;',
    `pid ${t('nginx.pid')};`,
    `error_log ${t('error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    `  access_log ${t('access.log')};`,
    `  client_body_temp_path ${t('body')};`,
    `  proxy_temp_path ${t('proxy')};`,
    `  fastcgi_temp_path ${t('fastcgi')};`,
    `  uwsgi_temp_path ${t('uwsgi')};`,
    `  scgi_temp_path ${t('scgi')};`,
    site,
    '}',
    '',
  ].join('\n');
}

export async function startNginx(opts: {
  port: number;
  httpPort: number;
  appPort: number;
}): Promise<RunningProxy> {
  const bin = findBinary('nginx');
  if (!bin) throw new Error('nginx is not installed (apt-get install nginx-light)');
  if (!findBinary('openssl')) throw new Error('openssl is not installed (it makes the test certificate)');
  const dir = workDir('onair-nginx-');
  const { cert, key } = selfSignedCertificate(dir);
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ ...opts, dir, cert, key }));
  giveAway(dir);
  const logFile = path.join(dir, 'stderr.log');
  const child = launch(bin, ['-p', `${dir}/`, '-e', path.join(dir, 'error.log'), '-c', config], {}, logFile);
  const log = () => {
    let text = '';
    for (const f of [logFile, path.join(dir, 'error.log')]) {
      try {
        text += readFileSync(f, 'utf8');
      } catch {
        /* not written yet */
      }
    }
    return text;
  };
  await waitForPort(opts.port, child, log);
  return {
    name: 'nginx',
    origin: `https://localhost:${opts.port}`,
    port: opts.port,
    dir,
    log,
    stop: stopper(child, dir),
  };
}
