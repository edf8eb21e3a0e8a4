import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { BuiltinBackend } from './builtin-backend';
import {
  escapeLiquidsoap,
  escapeXml,
  fillTemplate,
  icecastLimits,
  qualityMount,
  writeIcecastConfig,
  writeStationConfigs,
} from './station-configs';
import { findExecutable } from './supervisor';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'onair-configs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const values = {
  runtimeDir: tmp,
  musicDir: '/srv/music/Rock "n" Roll #{evil}\\',
  mediaDir: '/srv/media',
  bindAddress: '127.0.0.1',
  icecastPort: 8000,
  harborPort: 8005,
  mount: '/radio.mp3',
  appUrl: 'http://127.0.0.1:3000/',
  engineToken: 'tok_en-123',
  stationName: 'Rock & <Roll> "FM"',
  stationDescription: "It's #{1 + 1} o'clock",
  maxListeners: 500,
  kickBlockSeconds: 30,
};

describe('station config templates', () => {
  it('fills every placeholder and refuses an unknown one', () => {
    expect(fillTemplate('a {{X}} b', { X: '1' }, (v) => v)).toBe('a 1 b');
    expect(() => fillTemplate('{{MISSING}}', {}, (v) => v)).toThrow('MISSING');
  });

  it('escapes values for XML and for Liquidsoap strings', () => {
    expect(escapeXml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(escapeLiquidsoap('say "hi" \\ #{x}')).toBe('say \\"hi\\" \\\\ #" ^ "{x}');
  });

  it('writes both files with fresh passwords, readable by their owner only', () => {
    const a = writeStationConfigs(values, null);
    const icecast = readFileSync(a.icecastConfig, 'utf8');
    const liq = readFileSync(a.liquidsoapScript, 'utf8');
    expect(icecast).not.toMatch(/\{\{/);
    expect(liq).not.toMatch(/\{\{/);
    expect(icecast).toContain(`<source-password>${a.sourcePassword}</source-password>`);
    expect(icecast).toContain('<bind-address>127.0.0.1</bind-address>');
    expect(icecast).toContain('Rock &amp; &lt;Roll&gt; &quot;FM&quot;');
    expect(liq).toContain(`password="${a.sourcePassword}"`);
    expect(liq).toContain('"http://127.0.0.1:3000"');
    expect(readFileSync(a.icecastConfig).length).toBeGreaterThan(0);
    const b = writeStationConfigs(values, null);
    expect(b.sourcePassword).not.toBe(a.sourcePassword);
  });

  it('gives every quality its own mount, and writes HLS with both variants', () => {
    expect(qualityMount('/radio.mp3', 128)).toBe('/radio.mp3');
    expect(qualityMount('/radio.mp3', 64)).toBe('/radio-64.mp3');
    expect(qualityMount('/live', 64)).toBe('/live-64');
    const a = writeStationConfigs(values, null);
    const icecast = readFileSync(a.icecastConfig, 'utf8');
    const liq = readFileSync(a.liquidsoapScript, 'utf8');
    expect(icecast).toContain('<mount-name>/radio.mp3</mount-name>');
    expect(icecast).toContain('<mount-name>/radio-64.mp3</mount-name>');
    expect(liq).toContain('mount="/radio.mp3"');
    expect(liq).toContain('mount="/radio-64.mp3"');
    expect(liq).toMatch(/%mp3\(bitrate=64,/);
    expect(liq).toContain(`"${path.join(tmp, 'hls')}"`);
    expect(liq).toContain('("128", %ffmpeg(format="mpegts", %audio(codec="aac", b="128k"');
    expect(liq).toContain('("64", %ffmpeg(format="mpegts", %audio(codec="aac", b="64k"');
    expect(liq).toContain('segment_duration=4.');
  });

  it('derives Icecast limits from "most listeners at once", and rewrites them with the same passwords', () => {
    const a = writeStationConfigs({ ...values, maxListeners: 1000 }, null);
    let icecast = readFileSync(a.icecastConfig, 'utf8');
    const limits = icecastLimits(1000);
    expect(limits.clients).toBeGreaterThan(1000);
    expect(icecast).toContain(`<clients>${limits.clients}</clients>`);
    expect(icecast.match(/<max-listeners>1000<\/max-listeners>/g)).toHaveLength(2);
    // A slow 128 kbps listener may lag ~30 s; a new one gets ~4 s at once.
    expect(icecast).toContain('<queue-size>512000</queue-size>');
    expect(icecast).toContain('<burst-size>64512</burst-size>');
    writeIcecastConfig({ ...values, maxListeners: 250 }, a, null);
    icecast = readFileSync(a.icecastConfig, 'utf8');
    expect(icecast.match(/<max-listeners>250<\/max-listeners>/g)).toHaveLength(2);
    expect(icecast).toContain(`<clients>${icecastLimits(250).clients}</clients>`);
    expect(icecast).toContain(`<source-password>${a.sourcePassword}</source-password>`);
    expect(icecast).toContain(`<admin-password>${a.adminPassword}</admin-password>`);
  });

  it.skipIf(!findExecutable('liquidsoap'))(
    'produces a script that Liquidsoap 2.1 accepts, even with awkward names',
    async () => {
      const { liquidsoapScript } = writeStationConfigs(values, null);
      const run = promisify(execFile);
      const { stdout, stderr } = await run('liquidsoap', ['--check', liquidsoapScript], {
        env: { PATH: process.env.PATH, HOME: tmp },
      });
      expect(`${stdout}${stderr}`).not.toMatch(/Error/);
    },
    30_000,
  );
});

describe('stream addresses', () => {
  const make = (extra: Record<string, string>) =>
    new BuiltinBackend({
      config: {
        MUSIC_DIR: '/srv/music',
        STATION_BIND_ADDRESS: '0.0.0.0',
        ICECAST_PORT: 8000,
        HARBOR_PORT: 8005,
        STATION_MOUNT: '/radio.mp3',
        STATION_USER: 'nobody',
        dataDir: tmp,
        ...extra,
      },
      db: {} as Db,
      log: pino({ level: 'silent' }),
      appUrl: 'http://127.0.0.1:3000',
    });

  it('uses the local Icecast, reached on loopback when bound to every address', () => {
    const b = make({});
    expect(b.internalStreamUrl).toBe('http://127.0.0.1:8000/radio.mp3');
    expect(b.streamUrl).toBe(b.internalStreamUrl);
    // The app serves the engine's own HLS output.
    expect(b.hlsUrl).toBe('/hls/live.m3u8');
    expect(b.qualities.map((q) => [q.kbps, q.mount, q.internalUrl])).toEqual([
      [128, '/radio.mp3', 'http://127.0.0.1:8000/radio.mp3'],
      [64, '/radio-64.mp3', 'http://127.0.0.1:8000/radio-64.mp3'],
    ]);
    expect(b.engineToken.length).toBeGreaterThanOrEqual(32);
    expect(b.supports).toEqual({ streamers: true, commands: true });
  });

  it('announces the public and HLS URLs when configured', () => {
    const b = make({
      STREAM_PUBLIC_URL: 'https://radio.example.org/live.mp3',
      STREAM_HLS_URL: 'https://x/hls.m3u8',
    });
    expect(b.streamUrl).toBe('https://radio.example.org/live.mp3');
    expect(b.internalStreamUrl).toBe('http://127.0.0.1:8000/radio.mp3');
    expect(b.hlsUrl).toBe('https://x/hls.m3u8');
  });
});
