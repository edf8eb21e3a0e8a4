import type { NowPlaying } from '@shared/contracts/station';

export type MusicBackendView =
  | { kind: 'library' }
  | { kind: 'azuracast'; url: string | null }
  | { kind: 'none' };

/**
 * What the Music tab shows for the station's radio backend: the library for the built-in engine;
 * AzuraCast's own site (reached from its stream's address), where its music is managed; otherwise how to
 * turn the built-in engine on (the library can be filled meanwhile).
 */
export function musicBackendView(station: NowPlaying['station']): MusicBackendView {
  if (station.backend === 'azuracast') {
    let url: string | null = null;
    try {
      url = station.streamUrl ? new URL(station.streamUrl).origin : null;
    } catch {
      url = null;
    }
    return { kind: 'azuracast', url };
  }
  if (station.backend === 'builtin') return { kind: 'library' };
  return { kind: 'none' };
}
