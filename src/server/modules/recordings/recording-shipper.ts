import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import type { ObjectStore } from '../../infra/storage/object-store';
import { parseRecordingFileName } from './recording-ingest';

/**
 * How often the new bytes of a recording being written are shipped to the object store: a failover
 * mid-show loses at most this much of it (docs/operations/engine.md#recordings-of-live-shows).
 */
export const SHIP_EVERY_MS = 10_000;
/**
 * A partial recording whose newest part is older than this is shipped by nobody any more (its engine is
 * gone): another instance's pipeline recovers it.
 */
export const STALE_PARTIAL_MS = 60_000;
/** A file in the recordings folder written to within this is still being recorded. */
export const WRITING_MS = 60_000;
/** A part holds at most this many bytes (a file first seen long after it began is shipped in several). */
const MAX_PART_BYTES = 8 * 1024 * 1024;

const PARTIAL = 'partial/';
const PART_KEY = /^partial\/([^/]+)\/(\d{12})\.part$/;

/** The prefix of a recording's parts: partial/<file name without .mp3>/. */
export const partialPrefix = (name: string) => `${PARTIAL}${name.replace(/\.mp3$/, '')}/`;
/** One part: the bytes of the file from `offset` on (12 decimal digits, so keys sort by offset). */
const partKey = (name: string, offset: number) =>
  `${partialPrefix(name)}${String(offset).padStart(12, '0')}.part`;

export interface Part {
  key: string;
  offset: number;
  size: number;
  lastModified: Date;
}

/** The parts in the store (of one recording, or of all), by file name, each list in offset order. */
export async function listPartials(store: ObjectStore, name?: string): Promise<Map<string, Part[]>> {
  const found = new Map<string, Part[]>();
  for await (const o of store.list(name ? partialPrefix(name) : PARTIAL)) {
    const m = PART_KEY.exec(o.key);
    if (!m) continue;
    const file = `${m[1]}.mp3`;
    const parts = found.get(file) ?? [];
    parts.push({ key: o.key, offset: Number(m[2]), size: o.size, lastModified: o.lastModified });
    found.set(file, parts);
  }
  for (const parts of found.values()) parts.sort((a, b) => a.offset - b.offset);
  return found;
}

/** The parts from the file's start that follow each other without a gap: the bytes that can be rebuilt. */
export function contiguousParts(parts: Part[]): Part[] {
  const whole: Part[] = [];
  let end = 0;
  for (const p of parts) {
    if (p.offset !== end) break;
    whole.push(p);
    end += p.size;
  }
  return whole;
}

export const endOf = (parts: Part[]) => parts.reduce((end, p) => Math.max(end, p.offset + p.size), 0);

/** Removes every part of a recording. */
export async function deleteParts(store: ObjectStore, name: string): Promise<void> {
  const keys: string[] = [];
  for await (const o of store.list(partialPrefix(name))) keys.push(o.key);
  for (const key of keys) await store.delete(key);
}

/** Up to `length` bytes of `file` from `offset` (fewer when the file is shorter). */
async function readBytes(file: string, offset: number, length: number): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, offset);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Ships the recordings being written on this instance to the object store as they grow, so a failover
 * mid-show keeps what was recorded up to the last shipping (recording-recovery.ts puts it back together):
 * each tick, every file still being written gets its bytes from the last shipped offset to its size at
 * that moment put as one part. A failed upload is logged and tried again at the next tick.
 */
export class RecordingShipper {
  /** Bytes shipped so far of each recording being written here, by file name. */
  private readonly shipped = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: Pick<AppContext, 'log'>,
    private readonly store: ObjectStore,
    /** The recordings folder (null without an engine). */
    private readonly dir: () => string | null,
    /** A file the pipeline is taking in: it is closed, no longer shipped. */
    private readonly taking: (file: string) => boolean,
  ) {}

  /** Is this recording being shipped from here? */
  isShipping(name: string): boolean {
    return this.shipped.has(name);
  }

  /** One round of shipping (one at a time; resolves when it is done). */
  tick(now = Date.now()): Promise<void> {
    this.chain = this.chain
      .then(() => this.shipAll(now))
      .catch((err) => this.ctx.log.warn({ err }, 'recordings: could not ship the recordings being written'));
    return this.chain;
  }

  /** Resolves once the round of shipping under way (if any) is done. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** The recording is taken in (stored or discarded): no more shipping, its parts are deleted. */
  async forget(name: string): Promise<void> {
    await this.chain;
    this.shipped.delete(name);
    await deleteParts(this.store, name).catch((err) =>
      this.ctx.log.warn({ err, name }, 'recordings: could not delete the shipped parts of a recording'),
    );
  }

  private async shipAll(now: number) {
    const dir = this.dir();
    if (!dir) return;
    const names = await readdir(dir).catch(() => [] as string[]);
    const writing = new Set<string>();
    for (const name of names) {
      const file = path.join(dir, name);
      if (!parseRecordingFileName(name) || this.taking(file)) continue;
      const s = await stat(file).catch(() => null);
      if (!s?.isFile() || now - s.mtimeMs > WRITING_MS) continue;
      writing.add(name);
      await this.shipFile(name, file, s.size).catch((err) =>
        this.ctx.log.warn({ err, name }, 'recordings: could not ship a part of a recording; next time'),
      );
    }
    for (const name of [...this.shipped.keys()]) if (!writing.has(name)) this.shipped.delete(name);
  }

  private async shipFile(name: string, file: string, size: number) {
    let offset = this.shipped.get(name);
    if (offset === undefined) {
      // First seen here (the app restarted mid-show): on from what the store already holds.
      offset = endOf(contiguousParts((await listPartials(this.store, name)).get(name) ?? []));
      this.shipped.set(name, offset);
    }
    // Only the bytes written when the size was read: a part never ends inside a write still going on.
    while (offset < size) {
      const bytes = await readBytes(file, offset, Math.min(size - offset, MAX_PART_BYTES));
      if (bytes.length === 0) return;
      await this.store.put(partKey(name, offset), bytes, { contentType: 'application/octet-stream' });
      offset += bytes.length;
      this.shipped.set(name, offset);
    }
  }
}
