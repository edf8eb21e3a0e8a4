import { describe, expect, it } from 'vitest';
import { HlsAudience, householdOf } from './audience';

const PHONE = 'AppleCoreMedia/1.0.0 (iPhone; U; CPU OS 18_0 like Mac OS X)';
const T0 = Date.parse('2026-11-27T10:00:00Z');

describe('HLS listeners', () => {
  it('counts a client that keeps fetching its playlist, not one that fetched it once', () => {
    const a = new HlsAudience();
    a.playlistFetched('hls/128', '10.0.0.1', PHONE, T0);
    expect(a.count(T0)).toBe(0);
    a.playlistFetched('hls/128', '10.0.0.1', PHONE, T0 + 2_000); // too soon to tell
    expect(a.count(T0 + 2_000)).toBe(0);
    a.playlistFetched('hls/128', '10.0.0.1', PHONE, T0 + 4_000);
    expect(a.clients(T0 + 4_000)).toEqual([{ mount: 'hls/128', userAgent: PHONE }]);
    // A switch of quality moves it; it stays one listener.
    a.playlistFetched('hls/64', '10.0.0.1', PHONE, T0 + 8_000);
    expect(a.clients(T0 + 8_000)).toEqual([{ mount: 'hls/64', userAgent: PHONE }]);
    // It stops fetching: gone a minute after its last fetch.
    expect(a.count(T0 + 8_000 + 60_000)).toBe(1);
    expect(a.count(T0 + 8_000 + 60_001)).toBe(0);
    expect(a.size).toBe(0);
  });

  it('counts at most a handful of clients from one address, however many User-Agents it sends', () => {
    const a = new HlsAudience();
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 1_000; i++)
        a.playlistFetched(
          'hls/128',
          '203.0.113.9',
          `agent ${i} ${'x'.repeat(4_000)}`,
          T0 + round * 5_000 + i,
        );
    expect(a.count(T0 + 11_000)).toBe(5);
    expect(a.size).toBe(5);
    // Another address is counted as usual.
    a.playlistFetched('hls/128', '198.51.100.7', PHONE, T0 + 11_000);
    a.playlistFetched('hls/128', '198.51.100.7', PHONE, T0 + 16_000);
    expect(a.count(T0 + 16_000)).toBe(6);
  });

  it('counts an IPv6 client by its /64, so rotating through it adds nobody', () => {
    expect(householdOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(householdOf('2001:db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(householdOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(householdOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(householdOf('192.0.2.7')).toBe('192.0.2.7');
    const a = new HlsAudience();
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 500; i++)
        a.playlistFetched(
          'hls/128',
          `2001:db8:1:2:${i.toString(16)}::1`,
          `${PHONE} ${i}`,
          T0 + round * 5_000 + i,
        );
    expect(a.count(T0 + 6_000)).toBe(5);
  });

  it('keeps at most maxClients entries, dropping the longest-unconfirmed first, and short keys', () => {
    const a = new HlsAudience({ maxClients: 100 });
    for (let i = 0; i < 10_000; i++)
      a.playlistFetched('hls/128', `10.1.${i >> 8}.${i & 255}`, 'x'.repeat(8_000), T0 + i);
    expect(a.size).toBe(100);
    // The newest clients were kept: they become listeners on their next fetch.
    for (let i = 9_990; i < 10_000; i++)
      a.playlistFetched('hls/128', `10.1.${i >> 8}.${i & 255}`, 'x'.repeat(8_000), T0 + 20_000);
    expect(a.count(T0 + 20_000)).toBe(10);
    const kept = a.clients(T0 + 20_000)[0];
    expect(kept.userAgent.length).toBeLessThanOrEqual(256);
  });

  it('tells its watcher when the count changes', () => {
    const a = new HlsAudience();
    const seen: number[] = [];
    a.watch((n) => seen.push(n));
    a.playlistFetched('hls/128', '10.0.0.1', PHONE, T0);
    a.playlistFetched('hls/128', '10.0.0.1', PHONE, T0 + 5_000);
    a.playlistFetched('hls/128', '10.0.0.1', PHONE, T0 + 9_000);
    a.count(T0 + 80_000);
    expect(seen).toEqual([1, 0]);
  });
});
