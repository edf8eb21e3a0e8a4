import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { BuiltinBackend } from './builtin-backend';
import { escapeLiquidsoap, escapeXml, fillTemplate, writeStationConfigs } from './station-configs';
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
    expect(b.hlsUrl).toBeNull();
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
