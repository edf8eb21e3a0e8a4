import type { Readable } from 'node:stream';

/**
 * Where files live: a local folder on one machine, or an S3-compatible bucket that every instance shares
 * (`S3_BUCKET`). Uploads, backups, and later the media library and recordings each open their own area
 * with `openObjectStore(config, area)` (object-store-factory.ts); keys are relative to that area.
 *
 * Keys are `/`-separated names: each segment starts with a letter or digit and holds letters, digits,
 * `.`, `_` and `-` only, so a key can never leave its area on disk nor be read differently by a bucket.
 */

/** What a listing says about a stored object. */
export interface ObjectSummary {
  key: string;
  size: number;
  /** A strong validator, quoted as in an HTTP `ETag` header. */
  etag: string;
  lastModified: Date;
}

/** What `head` and `put` say about a stored object. */
export interface ObjectInfo extends ObjectSummary {
  contentType: string;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** An opened object: its bytes as a stream (the whole object, or `range` of it) and what it is. */
export interface ObjectRead extends ObjectInfo {
  body: Readable;
  /** The bytes `body` carries; null when it carries the whole object. `size` is always the whole size. */
  range: ByteRange | null;
}

export interface PutOptions {
  /** Kept by a bucket; the local folder derives the type from the key's extension instead. */
  contentType?: string;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for messages and logs (a folder, or s3://bucket/prefix). */
  readonly location: string;
  /** Stores the bytes under `key` (replacing any object there), streaming when given a stream. */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<ObjectInfo>;
  /** Opens the object, or null when there is none. A range must start inside the object (else RangeNotSatisfiableError). */
  get(key: string, options?: { range?: ByteRange }): Promise<ObjectRead | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a plain string prefix, as S3 has it), in key order. */
  list(prefix?: string): AsyncIterable<ObjectSummary>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Not a valid object key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidKeyError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`The range does not start inside the object (${size} bytes)`);
    this.name = 'RangeNotSatisfiableError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  return key.split('/').every((s) => SEGMENT.test(s));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

/** A prefix is a key, or the start of one: any string of key characters. */
export function assertValidPrefix(prefix: string): void {
  if (prefix.length > 1024 || !/^[A-Za-z0-9._/-]*$/.test(prefix) || prefix.split('/').includes('..')) {
    throw new InvalidKeyError(prefix);
  }
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  json: 'application/json',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
  zst: 'application/zstd',
  sql: 'application/sql',
};

/** The content type a key's extension names (application/octet-stream when unknown). */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot < 0 ? '' : key.slice(dot + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}
