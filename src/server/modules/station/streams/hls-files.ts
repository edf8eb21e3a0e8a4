import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file name the engine's HLS output can have: a playlist or a segment, nothing with a path. */
const FILE = /^([A-Za-z0-9-]{1,32})(?:_(\d{1,12}))?\.(m3u8|ts)$/;

/** Is `name` a file the engine's HLS output can have (a playlist or a segment)? */
export function isHlsFileName(name: string): boolean {
  return FILE.test(name);
}

export type HlsFile =
  | { kind: 'playlist'; body: Buffer; maxAge: number }
  | { kind: 'segment'; body: Buffer; variant: string };

/**
 * The engine's HLS folder, as the app serves it. Playlists are re-read at most every half second;
 * a segment is served only while its variant's playlist lists it (so a segment still being written is
 * never served, and cached forever by a CDN, half-done), from memory once read.
 */
type PlaylistEntry = { body: Buffer; readAt: number; segments: Set<string> };

export class HlsFiles {
  private readonly playlists = new Map<string, PlaylistEntry>();
  private readonly segments = new Map<string, Buffer>();

  constructor(
    private readonly dir: () => string | null,
    /** Seconds a variant playlist may be cached (about one segment); the master's is twice that. */
    private readonly playlistMaxAge: number,
    private readonly refreshMs = 500,
  ) {}

  /**
   * The file from memory alone: the file, null when it surely does not exist, undefined when the disk
   * must be read (get does that). Most requests end here, with no promise and no system call.
   */
  peek(name: string): HlsFile | null | undefined {
    const m = FILE.exec(name);
    if (!m || !this.dir()) return null;
    const [, variant, seq, ext] = m as unknown as [string, string, string | undefined, string];
    const now = Date.now();
    if (ext === 'm3u8') {
      if (seq !== undefined) return null;
      const p = this.playlists.get(name);
      return p && now - p.readAt < this.refreshMs ? this.playlistFile(p) : undefined;
    }
    if (seq === undefined) return null;
    const list = this.playlists.get(`${variant}.m3u8`);
    if (!list || now - list.readAt >= this.refreshMs) return undefined;
    if (!list.segments.has(name)) return null;
    const body = this.segments.get(name);
    return body ? { kind: 'segment', body, variant } : undefined;
  }

  /** The file, or null when it does not exist (or is not one the engine writes). */
  async get(name: string): Promise<HlsFile | null> {
    const known = this.peek(name);
    if (known !== undefined) return known;
    const m = FILE.exec(name);
    const dir = this.dir();
    if (!m || !dir) return null;
    const [, variant, , ext] = m as unknown as [string, string, string | undefined, string];
    if (ext === 'm3u8') {
      const p = await this.playlist(dir, name);
      return p ? this.playlistFile(p) : null;
    }
    const list = await this.playlist(dir, `${variant}.m3u8`);
    if (!list?.segments.has(name)) return null;
    let body = this.segments.get(name);
    if (!body) {
      // A new segment: every client wants it at once; one read serves them all.
      let pending = this.segmentReads.get(name);
      if (!pending) {
        pending = readFile(path.join(dir, name))
          .then((b) => {
            this.segments.set(name, b);
            return b;
          })
          .catch(() => undefined)
          .finally(() => this.segmentReads.delete(name));
        this.segmentReads.set(name, pending);
      }
      body = await pending;
      if (!body) return null;
    }
    return { kind: 'segment', body, variant };
  }

  private playlistFile(p: { body: Buffer; segments: Set<string> }): HlsFile {
    // The master lists playlists, not segments: it changes only when the engine's outputs do.
    const maxAge = p.segments.size === 0 ? this.playlistMaxAge * 2 : this.playlistMaxAge;
    return { kind: 'playlist', body: p.body, maxAge };
  }

  /** One read of a playlist at a time: the clients asking meanwhile wait for it (no thundering herd). */
  private readonly reading = new Map<string, Promise<PlaylistEntry | null>>();
  private readonly segmentReads = new Map<string, Promise<Buffer | undefined>>();

  private playlist(dir: string, name: string): Promise<PlaylistEntry | null> {
    const cached = this.playlists.get(name);
    if (cached && Date.now() - cached.readAt < this.refreshMs) return Promise.resolve(cached);
    let pending = this.reading.get(name);
    if (!pending) {
      pending = this.readPlaylist(dir, name).finally(() => this.reading.delete(name));
      this.reading.set(name, pending);
    }
    return pending;
  }

  private async readPlaylist(dir: string, name: string): Promise<PlaylistEntry | null> {
    const now = Date.now();
    const file = path.join(dir, name);
    const body = await stat(file)
      .then((s) => (s.isFile() ? readFile(file) : null))
      .catch(() => null);
    if (!body) {
      this.playlists.delete(name);
      return null;
    }
    const segments = new Set(
      body
        .toString('utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.endsWith('.ts') && !l.startsWith('#')),
    );
    const entry = { body, readAt: now, segments };
    this.playlists.set(name, entry);
    this.forgetUnlisted();
    return entry;
  }

  /** Drops from memory the segments no playlist lists any more. */
  private forgetUnlisted() {
    for (const name of this.segments.keys()) {
      const variant = name.slice(0, name.lastIndexOf('_'));
      if (!this.playlists.get(`${variant}.m3u8`)?.segments.has(name)) this.segments.delete(name);
    }
  }
}
