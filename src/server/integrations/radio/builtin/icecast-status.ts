/** What Icecast's status-json.xsl says about one mount. */
export interface MountStatus {
  /** Icecast answered. */
  reachable: boolean;
  /** A source (Liquidsoap) is connected to the mount: audio goes out. */
  onAir: boolean;
  listeners: number;
  /** "Artist - Title", as Icecast shows it. */
  title: string | null;
  /** When the connected source started streaming (Icecast's stream_start, to the second), if it says. */
  since: Date | null;
}

const NOBODY: Omit<MountStatus, 'reachable'> = { onAir: false, listeners: 0, title: null, since: null };

/** A mount whose Icecast did not answer (or is not running). */
export const UNREACHABLE_MOUNT: Readonly<MountStatus> = Object.freeze({ reachable: false, ...NOBODY });

interface IcecastSource {
  listenurl?: string;
  listeners?: number;
  title?: string;
  stream_start_iso8601?: string;
  stream_start?: string;
}

function streamStart(source: IcecastSource): Date | null {
  const at = Date.parse(source.stream_start_iso8601 ?? source.stream_start ?? '');
  return Number.isFinite(at) ? new Date(at) : null;
}

/**
 * Reads one mount from a status-json.xsl document. `icestats.source` is absent when no source is
 * connected, an object for one mount and an array for several.
 */
export function mountFromStatus(doc: unknown, mount: string): MountStatus {
  const stats = (doc as { icestats?: { source?: IcecastSource | IcecastSource[] } } | null)?.icestats;
  if (!stats) return UNREACHABLE_MOUNT;
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
  if (!source) return { reachable: true, ...NOBODY };
  const listeners = Number(source.listeners);
  return {
    reachable: true,
    onAir: true,
    listeners: Number.isFinite(listeners) && listeners > 0 ? listeners : 0,
    title: typeof source.title === 'string' && source.title ? source.title : null,
    since: streamStart(source),
  };
}

/**
 * Is the mount fed by the Liquidsoap process that runs now (started at `processStart`)? After a restart
 * Icecast can list the old process's connection for a moment; its stream started before the new process
 * did. Icecast gives the start to the second, so a stream that started in the process's first second counts.
 */
export function fedByCurrentProcess(mount: MountStatus, processStart: Date | null): boolean {
  if (!mount.onAir || !processStart) return false;
  if (!mount.since) return true;
  return mount.since.getTime() + 1000 > processStart.getTime();
}

/** Fetches status-json.xsl from an Icecast base URL (http://host:port); unreachable on any failure. */
export async function fetchMountStatus(
  baseUrl: string,
  mount: string,
  timeoutMs = 2000,
): Promise<MountStatus> {
  try {
    const res = await fetch(`${baseUrl}/status-json.xsl`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return UNREACHABLE_MOUNT;
    // Icecast 2.4 can emit raw control characters inside titles; JSON.parse rejects them.
    const text = Array.from(await res.text(), (ch) => (ch.charCodeAt(0) < 0x20 ? ' ' : ch)).join('');
    return mountFromStatus(JSON.parse(text), mount);
  } catch {
    return UNREACHABLE_MOUNT;
  }
}

/** One client of an Icecast mount, from its admin API (the station module's AudienceClient's shape). */
export interface IcecastClient {
  mount: string;
  userAgent: string;
}

/** Every mount with a source connected, and its listener count, from a status-json.xsl document. */
export function mountsFromStatus(doc: unknown): { mount: string; listeners: number }[] {
  const raw = (doc as { icestats?: { source?: IcecastSource | IcecastSource[] } } | null)?.icestats?.source;
  const sources = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  return sources.flatMap((s) => {
    if (typeof s?.listenurl !== 'string') return [];
    let mount: string;
    try {
      mount = new URL(s.listenurl).pathname;
    } catch {
      return [];
    }
    const n = Number(s.listeners);
    return [{ mount, listeners: Number.isFinite(n) && n > 0 ? n : 0 }];
  });
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] !== '#') return XML_ENTITIES[e.toLowerCase()] ?? '';
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

/**
 * The clients of one mount from Icecast 2.4's /admin/listclients answer:
 * `<icestats><source mount="/radio.mp3"><listener id="3"><IP>…</IP><UserAgent>…</UserAgent>…</listener></source></icestats>`.
 */
export function clientsFromListClients(xml: string, mount: string): IcecastClient[] {
  const out: IcecastClient[] = [];
  for (const m of xml.matchAll(/<listener\b[^>]*>([\s\S]*?)<\/listener>/gi)) {
    const ua = /<UserAgent>([\s\S]*?)<\/UserAgent>/i.exec(m[1])?.[1] ?? '';
    out.push({ mount, userAgent: unescapeXml(ua).trim() });
  }
  return out;
}

/**
 * Everyone listening to any mount of an Icecast server, with their User-Agents: the mounts from
 * status-json.xsl, then each mount's client list from the admin API. A mount whose list cannot be read
 * counts its listeners (from the status) with no User-Agent. Unreachable Icecast: nobody.
 */
export async function fetchIcecastAudience(
  baseUrl: string,
  admin: { user: string; password: string } | null,
  timeoutMs = 2000,
): Promise<IcecastClient[]> {
  let mounts: { mount: string; listeners: number }[];
  try {
    const res = await fetch(`${baseUrl}/status-json.xsl`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return [];
    const text = Array.from(await res.text(), (ch) => (ch.charCodeAt(0) < 0x20 ? ' ' : ch)).join('');
    mounts = mountsFromStatus(JSON.parse(text));
  } catch {
    return [];
  }
  const lists = await Promise.all(
    mounts.map(async ({ mount, listeners }) => {
      const counted = () => Array.from({ length: listeners }, () => ({ mount, userAgent: '' }));
      if (!admin) return counted();
      try {
        const res = await fetch(`${baseUrl}/admin/listclients?mount=${encodeURIComponent(mount)}`, {
          headers: {
            authorization: `Basic ${Buffer.from(`${admin.user}:${admin.password}`).toString('base64')}`,
          },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return counted();
        return clientsFromListClients(await res.text(), mount);
      } catch {
        return counted();
      }
    }),
  );
  return lists.flat();
}
