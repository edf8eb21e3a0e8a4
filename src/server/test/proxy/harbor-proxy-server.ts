/**
 * The shipped deploy/nginx-harbor.conf run for a test: nginx's `stream` module in front of the harbor
 * ports of several instances, with the instances' addresses and the listening port replaced (all on
 * 127.0.0.1). Needs Debian's libnginx-mod-stream, which CI installs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../paths';
import {
  findBinary,
  giveAway,
  launch,
  type RunningProxy,
  stopper,
  waitForPort,
  workDir,
} from './proxy-servers';

export const STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

export function harborProxyConfig(opts: { port: number; harborPorts: number[]; dir: string }) {
  const shipped = readFileSync(fromRoot('deploy', 'nginx-harbor.conf'), 'utf8');
  const servers = [...shipped.matchAll(/^\s*server 10\.0\.0\.\d+:8005 (.*);$/gm)];
  if (servers.length !== 3 || !shipped.includes('listen 8005;'))
    throw new Error(
      'deploy/nginx-harbor.conf no longer has the three servers and the listen line the test adapts',
    );
  const options = servers[0][1];
  const upstreams = opts.harborPorts.map((p) => `        server 127.0.0.1:${p} ${options};`).join('\n');
  const stream = shipped
    .replace(/(?:^\s*server 10\.0\.0\.\d+:8005 .*;\n)+/m, `${upstreams}\n`)
    .replace('listen 8005;', `listen 127.0.0.1:${opts.port};`);
  return [
    `load_module ${STREAM_MODULE};`,
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(opts.dir, 'nginx.pid')};`,
    `error_log ${path.join(opts.dir, 'error.log')} info;`,
    'events { worker_connections 128; }',
    stream,
  ].join('\n');
}

export async function startHarborProxy(opts: { port: number; harborPorts: number[] }): Promise<RunningProxy> {
  const bin = findBinary('nginx');
  if (!bin) throw new Error('nginx is not installed (apt-get install nginx-light)');
  if (!existsSync(STREAM_MODULE))
    throw new Error("nginx's stream module is not installed (apt-get install libnginx-mod-stream)");
  const dir = workDir('onair-harbor-proxy-');
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, harborProxyConfig({ ...opts, dir }));
  giveAway(dir);
  const logFile = path.join(dir, 'stderr.log');
  const child = launch(bin, ['-p', `${dir}/`, '-e', path.join(dir, 'error.log'), '-c', config], {}, logFile);
  const log = () =>
    [logFile, path.join(dir, 'error.log')]
      .map((f) => (existsSync(f) ? readFileSync(f, 'utf8') : ''))
      .join('');
  await waitForPort(opts.port, child, log);
  return {
    name: 'nginx-stream',
    origin: `tcp://127.0.0.1:${opts.port}`,
    port: opts.port,
    dir,
    log,
    stop: stopper(child, dir),
  };
}
