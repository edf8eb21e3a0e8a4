import type { ByteRange } from './object-store';

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110 §14): one range, `bytes=a-b`, `bytes=a-`
 * or `bytes=-n`. Null means "send the whole file" (no header, another unit, several ranges, or a header
 * that does not parse, all of which a server may ignore); 'unsatisfiable' means answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  return { start, end: Math.min(end, size - 1) };
}
