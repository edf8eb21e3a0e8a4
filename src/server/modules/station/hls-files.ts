import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file name the engine's HLS output can have: a playlist or a segment, nothing with a path. */
const FILE = /^([A-Za-z0-9-]{1,32})(?:_(\d{1,12}))?\.(m3u8|ts)$/;

export type HlsFile =
  | { kind: 'playlist'; body: Buffer; maxAge: number }
  | { kind: 'segment'; body: Buffer; variant: string };

/**
 * The engine's HLS folder, as the app serves it. Playlists are re-read at most every half second;
 * a segment is served only while its variant's playlist lists it (so a segment still being written is
 * never served, and cached forever by a CDN, half-done), from memory once read.
 */
export class HlsFiles {
  private readonly playlists = new Map<string, { body: Buffer; readAt: number; segments: Set<string> }>();
  private readonly segments = new Map<string, Buffer>();

  constructor(
    private readonly dir: () => string | null,
    /** Seconds a variant playlist may be cached (about one segment); the master's is twice that. */
    private readonly playlistMaxAge: number,
    private readonly refreshMs = 500,
  ) {}

  /** The file, or null when it does not exist (or is not one the engine writes). */
  async get(name: string): Promise<HlsFile | null> {
    const m = FILE.exec(name);
    const dir = this.dir();
    if (!m || !dir) return null;
    const [, variant, seq, ext] = m as unknown as [string, string, string | undefined, string];
    if (ext === 'm3u8') {
      if (seq !== undefined) return null;
      const p = await this.playlist(dir, name);
      if (!p) return null;
      const master = p.segments.size === 0;
      return {
        kind: 'playlist',
        body: p.body,
        maxAge: master ? this.playlistMaxAge * 2 : this.playlistMaxAge,
      };
    }
    if (seq === undefined) return null;
    const list = await this.playlist(dir, `${variant}.m3u8`);
    if (!list?.segments.has(name)) return null;
    let body = this.segments.get(name);
    if (!body) {
      body = await readFile(path.join(dir, name)).catch(() => undefined);
      if (!body) return null;
      this.segments.set(name, body);
    }
    return { kind: 'segment', body, variant };
  }

  private async playlist(dir: string, name: string) {
    const now = Date.now();
    const cached = this.playlists.get(name);
    if (cached && now - cached.readAt < this.refreshMs) return cached;
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
