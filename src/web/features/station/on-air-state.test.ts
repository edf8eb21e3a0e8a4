import type { NowPlaying } from '@shared/contracts/station';
import { describe, expect, it } from 'vitest';
import { ON_AIR_LABEL, onAirState } from './on-air-state';
import { AUTODJ_ON_AIR } from './testing/off-air';

const base: NowPlaying = { ...AUTODJ_ON_AIR, listeners: { total: 3 } };

describe('the on-air marker', () => {
  it('says LIVE only while a presenter is live', () => {
    const live = { ...base, live: { ...base.live, isLive: true, streamerName: 'Jade' } };
    expect(ON_AIR_LABEL[onAirState(live)!]).toBe('LIVE');
  });
  it('says AutoDJ while the automatic playlist plays', () => {
    expect(ON_AIR_LABEL[onAirState(base)!]).toBe('AutoDJ');
  });
  it('says OFF AIR with no engine set up, or with nothing playing', () => {
    const none = { ...base, station: { ...base.station, backend: 'none' as const, configured: false } };
    expect(ON_AIR_LABEL[onAirState(none)!]).toBe('OFF AIR');
    expect(ON_AIR_LABEL[onAirState({ ...base, nowPlaying: null })!]).toBe('OFF AIR');
  });
  it('shows nothing before the state is known', () => {
    expect(onAirState(undefined)).toBeNull();
  });
});
