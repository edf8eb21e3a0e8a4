import { describe, expect, it } from 'vitest';
import { readIcy } from '../../../test/icy';
import { IcyReader, IcyWriter } from './icy-framing';

/** A body as Icecast frames it: `audio` with a block after every `metaint` bytes (the titles in turn). */
function icecastBody(audio: Buffer, metaint: number, titles: (string | null)[]): Buffer {
  const parts: Buffer[] = [];
  let n = 0;
  for (let at = 0; at + metaint <= audio.length; at += metaint) {
    parts.push(audio.subarray(at, at + metaint));
    const title = titles[n++ % titles.length];
    if (!title) parts.push(Buffer.from([0]));
    else {
      const text = Buffer.from(`StreamTitle='${title}';`);
      const block = Buffer.alloc(1 + Math.ceil(text.length / 16) * 16);
      block[0] = Math.ceil(text.length / 16);
      text.copy(block, 1);
      parts.push(block);
    }
  }
  return Buffer.concat(parts);
}

const audioOf = (letters: string, n: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => letters[i % letters.length]).join(''), 'latin1');

/** Feeds `body` in pieces of the given sizes, in turn (a block split anywhere). */
function pieces(body: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < body.length; i++) {
    const n = sizes[i % sizes.length]!;
    out.push(body.subarray(at, at + n));
    at += n;
  }
  return out;
}

describe('ICY framing', () => {
  it('reads the audio and the titles out of a framed body, however it is split', () => {
    const audio = audioOf('abcdefg', 5_000);
    const body = icecastBody(audio, 1_000, ["Band - Song's Title", null, 'Other - Tune', null, null]);
    for (const sizes of [[1], [7, 3, 1000, 2], [body.length]]) {
      const titles: string[] = [];
      const heard: Buffer[] = [];
      const reader = new IcyReader(1_000, { audio: (a) => heard.push(a), meta: (m) => titles.push(`${m}`) });
      for (const p of pieces(body, sizes)) reader.push(p);
      const got = Buffer.concat(heard);
      expect(got.equals(audio), String(sizes)).toBe(true);
      expect(titles).toEqual(["StreamTitle='Band - Song's Title';", "StreamTitle='Other - Tune';"]);
    }
  });

  it('re-frames two upstreams with different metaints into one valid framing with the latest title', () => {
    const writer = new IcyWriter(1_000);
    const out: Buffer[] = [];
    const relay = (body: Buffer, metaint: number, sizes: number[]) => {
      const reader = new IcyReader(metaint, {
        audio: (a) => out.push(...writer.frame(a)),
        meta: (m) => writer.setMeta(m),
      });
      for (const p of pieces(body, sizes)) reader.push(p);
    };
    const one = audioOf('abcd', 3_500);
    const two = audioOf('WXYZ', 4_900);
    // The first upstream is cut mid-way (its last 500 bytes never framed), the second starts afresh.
    relay(icecastBody(one, 1_000, ['One - First']), 1_000, [333]);
    relay(icecastBody(two, 700, ['Two - Second', null]), 700, [50, 1_001]);
    const body = Buffer.concat(out);
    const heard = readIcy(body, 1_000);
    expect(heard.blocks).toBeGreaterThanOrEqual(5);
    expect(heard.titles).toEqual(['One - First', 'Two - Second']);
    const sent = Buffer.concat([one.subarray(0, 3_000), two]);
    expect(heard.audio.equals(sent.subarray(0, heard.audio.length))).toBe(true);
  });

  it('sends the first upstream title in the very block the upstream had it in (no block late)', () => {
    const writer = new IcyWriter(1_000);
    const parts: Buffer[] = [];
    const reader = new IcyReader(1_000, {
      audio: (a) => parts.push(...writer.frame(a)),
      meta: (m) => writer.setMeta(m),
    });
    const body = icecastBody(audioOf('abcd', 3_000), 1_000, ['A - B', null, 'C - D']);
    reader.push(body);
    const out = Buffer.concat(parts);
    // The third block is only written with the audio after it: the body ends there.
    expect(out.equals(body.subarray(0, out.length))).toBe(true);
  });
});
