import {
  type IcecastSource,
  IcecastStatusSchema,
  parseStatusJson,
  sourceMount,
  sourceStart,
} from '../icecast-status';

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

/** The sources of a status-json.xsl document; null when it is not one (Icecast did not answer as Icecast). */
function sourcesOf(doc: unknown): IcecastSource[] | null {
  const parsed = IcecastStatusSchema.safeParse(doc);
  return parsed.success ? parsed.data.icestats.source : null;
}

/**
 * Reads one mount from a status-json.xsl document (parsed by ../icecast-status, which knows its shapes).
 */
export function mountFromStatus(doc: unknown, mount: string): MountStatus {
  const sources = sourcesOf(doc);
  if (!sources) return UNREACHABLE_MOUNT;
  const source = sources.find((s) => {
    const path = sourceMount(s);
    return path === null ? s.listenurl.endsWith(mount) : path === mount;
  });
  if (!source) return { reachable: true, ...NOBODY };
  return {
    reachable: true,
    onAir: true,
    listeners: Math.max(source.listeners, 0),
    title: source.title || null,
    since: sourceStart(source),
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

/** Fetches and parses status-json.xsl from an Icecast base URL (http://host:port); null on any failure. */
async function fetchStatus(baseUrl: string, timeoutMs: number): Promise<unknown> {
  try {
    const res = await fetch(`${baseUrl}/status-json.xsl`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? parseStatusJson(await res.text()) : null;
  } catch {
    return null;
  }
}

/** Fetches one mount's status from an Icecast base URL (http://host:port); unreachable on any failure. */
export async function fetchMountStatus(
  baseUrl: string,
  mount: string,
  timeoutMs = 2000,
): Promise<MountStatus> {
  return mountFromStatus(await fetchStatus(baseUrl, timeoutMs), mount);
}

/** One client of an Icecast mount, from its admin API (the station module's AudienceClient's shape). */
export interface IcecastClient {
  mount: string;
  userAgent: string;
}

/** Every mount with a source connected, and its listener count, from a status-json.xsl document. */
export function mountsFromStatus(doc: unknown): { mount: string; listeners: number }[] {
  return (sourcesOf(doc) ?? []).flatMap((s) => {
    const mount = sourceMount(s);
    return mount === null ? [] : [{ mount, listeners: Math.max(s.listeners, 0) }];
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
  const mounts = mountsFromStatus(await fetchStatus(baseUrl, timeoutMs));
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
