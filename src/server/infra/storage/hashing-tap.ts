import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through stream that hashes (sha256) and counts what flows through it, for a pipeline. */
export function hashingTap() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, size: () => size, sha256: () => hash.digest('hex') };
}
