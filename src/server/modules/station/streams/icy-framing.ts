/**
 * ICY in-band titles (SHOUTcast/Icecast): after every `metaint` bytes of audio comes one length byte
 * (the block's size in 16-byte units) and that many bytes of text (`StreamTitle='…';`, padded with NUL),
 * or a zero byte when nothing changed. A relay that switches from one upstream to another mid-stream
 * re-frames: it strips the upstream's blocks (IcyReader) and inserts its own at its own offsets
 * (IcyWriter), so the listener's framing stays valid across the switch.
 */

/** The longest block the length byte can announce. */
const MAX_BLOCK = 255 * 16;

export interface IcyParts {
  /** Audio bytes, in order. */
  audio(audio: Buffer): void;
  /** A non-empty block (its text without the padding), in its place between the audio. */
  meta(meta: Buffer): void;
}

/** Splits an upstream's body into audio and title blocks; `metaint` null: all of it is audio. */
export class IcyReader {
  private untilBlock: number;
  /** -1: reading audio; 0: the length byte is next; >0: bytes of the block still to come. */
  private blockLeft = -1;
  private block: Buffer[] = [];

  constructor(
    private readonly metaint: number | null,
    private readonly out: IcyParts,
  ) {
    this.untilBlock = metaint ?? 0;
  }

  /** Reads the next piece of the body. */
  push(chunk: Buffer): void {
    const out = this.out;
    if (this.metaint === null) {
      out.audio(chunk);
      return;
    }
    let at = 0;
    while (at < chunk.length) {
      if (this.blockLeft === -1) {
        const n = Math.min(this.untilBlock, chunk.length - at);
        if (n > 0) out.audio(chunk.subarray(at, at + n));
        at += n;
        this.untilBlock -= n;
        if (this.untilBlock === 0) this.blockLeft = 0;
      } else if (this.blockLeft === 0) {
        const size = chunk[at]! * 16;
        at += 1;
        if (size === 0) this.audioAgain();
        else {
          this.blockLeft = size;
          this.block = [];
        }
      } else {
        const n = Math.min(this.blockLeft, chunk.length - at);
        this.block.push(chunk.subarray(at, at + n));
        at += n;
        this.blockLeft -= n;
        if (this.blockLeft === 0) {
          const text = trimNul(Buffer.concat(this.block));
          if (text.length > 0) out.meta(text);
          this.audioAgain();
        }
      }
    }
  }

  private audioAgain() {
    this.blockLeft = -1;
    this.untilBlock = this.metaint!;
  }
}

/** Frames audio for a listener at `metaint`, with the latest metadata block given (sent when it changes). */
export class IcyWriter {
  private untilBlock: number;
  private current: Buffer | null = null;
  private sent: Buffer | null = null;
  /** `metaint` bytes have gone out: a block is due before the next audio byte. */
  private due = false;

  constructor(private readonly metaint: number) {
    this.untilBlock = metaint;
  }

  /** The metadata (e.g. `StreamTitle='…';`) of the next block. */
  setMeta(meta: Buffer) {
    this.current = meta.length > MAX_BLOCK ? meta.subarray(0, MAX_BLOCK) : meta;
  }

  /**
   * What to write for `audio`. A block is written just before the audio that follows its offset, not
   * right at it, so a title the upstream sends at that same offset is already known and goes in it.
   */
  frame(audio: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let at = 0;
    while (at < audio.length) {
      if (this.due) {
        out.push(this.block());
        this.due = false;
        this.untilBlock = this.metaint;
      }
      const n = Math.min(this.untilBlock, audio.length - at);
      out.push(audio.subarray(at, at + n));
      at += n;
      this.untilBlock -= n;
      if (this.untilBlock === 0) this.due = true;
    }
    return out;
  }

  private block(): Buffer {
    const meta = this.current;
    if (!meta || this.sent?.equals(meta)) return Buffer.from([0]);
    this.sent = meta;
    const units = Math.ceil(meta.length / 16);
    const out = Buffer.alloc(1 + units * 16);
    out[0] = units;
    meta.copy(out, 1);
    return out;
  }
}

function trimNul(b: Buffer): Buffer {
  let end = b.length;
  while (end > 0 && b[end - 1] === 0) end--;
  return b.subarray(0, end);
}
