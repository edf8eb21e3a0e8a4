/** What Icecast's status-json.xsl says about one mount. */
export interface MountStatus {
  /** Icecast answered. */
  reachable: boolean;
  /** A source (Liquidsoap) is connected to the mount: audio goes out. */
  onAir: boolean;
  listeners: number;
  /** "Artist - Title", as Icecast shows it. */
  title: string | null;
}

interface IcecastSource {
  listenurl?: string;
  listeners?: number;
  title?: string;
}

/**
 * Reads one mount from a status-json.xsl document. `icestats.source` is absent when no source is
 * connected, an object for one mount and an array for several.
 */
export function mountFromStatus(doc: unknown, mount: string): MountStatus {
  const stats = (doc as { icestats?: { source?: IcecastSource | IcecastSource[] } } | null)?.icestats;
  if (!stats) return { reachable: false, onAir: false, listeners: 0, title: null };
  const raw = stats.source;
  const sources = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  const source = sources.find((s) => {
    if (typeof s?.listenurl !== 'string') return false;
    try {
      return new URL(s.listenurl).pathname === mount;
    } catch {
      return s.listenurl.endsWith(mount);
    }
  });
  if (!source) return { reachable: true, onAir: false, listeners: 0, title: null };
  const listeners = Number(source.listeners);
  return {
    reachable: true,
    onAir: true,
    listeners: Number.isFinite(listeners) && listeners > 0 ? listeners : 0,
    title: typeof source.title === 'string' && source.title ? source.title : null,
  };
}

/** Fetches status-json.xsl from an Icecast base URL (http://host:port); unreachable on any failure. */
export async function fetchMountStatus(
  baseUrl: string,
  mount: string,
  timeoutMs = 2000,
): Promise<MountStatus> {
  try {
    const res = await fetch(`${baseUrl}/status-json.xsl`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return { reachable: false, onAir: false, listeners: 0, title: null };
    // Icecast 2.4 can emit raw control characters inside titles; JSON.parse rejects them.
    const text = Array.from(await res.text(), (ch) => (ch.charCodeAt(0) < 0x20 ? ' ' : ch)).join('');
    return mountFromStatus(JSON.parse(text), mount);
  } catch {
    return { reachable: false, onAir: false, listeners: 0, title: null };
  }
}
