/**
 * Reads a stream body as an ICY player does, strictly: after every `metaint` audio bytes one length byte
 * (×16) and that many bytes of metadata padded with NULs. Every block must be empty or parse as
 * `StreamTitle='…';` (a player that loses the framing reads audio as a block and fails here). The last
 * incomplete part of the body is left out.
 */
export function readIcy(body: Buffer, metaint: number): { audio: Buffer; titles: string[]; blocks: number } {
  const audio: Buffer[] = [];
  const titles: string[] = [];
  let blocks = 0;
  let at = 0;
  while (at + metaint < body.length) {
    audio.push(body.subarray(at, at + metaint));
    at += metaint;
    const length = body[at]! * 16;
    if (at + 1 + length > body.length) break;
    const text = body
      .subarray(at + 1, at + 1 + length)
      .toString('utf8')
      .replace(/\0+$/, '');
    blocks += 1;
    if (text !== '') {
      const m = /^StreamTitle='(.*)';$/s.exec(text);
      if (!m)
        throw new Error(`block ${blocks} at byte ${at} does not parse: ${JSON.stringify(text.slice(0, 80))}`);
      titles.push(m[1]!);
    }
    at += 1 + length;
  }
  return { audio: Buffer.concat(audio), titles, blocks };
}

/**
 * The fake mounts' "audio" is a marker repeated (fake-icecast-mount.ts); give each mount a marker of
 * its own letters. Checks that `audio` is made of whole cycles of the markers, one after the other (a
 * switch may fall anywhere in a cycle, but no byte is lost, doubled or foreign inside one marker's run),
 * and returns the markers in the order they were heard.
 */
export function markersIn(audio: Buffer, markers: string[]): string[] {
  const text = audio.toString('latin1');
  const seen: string[] = [];
  let cur: string | null = null;
  let pos = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (cur && cur[(pos + 1) % cur.length] === c) {
      pos = (pos + 1) % cur.length;
      continue;
    }
    const next = markers.find((m) => m !== cur && m.includes(c));
    if (!next) throw new Error(`unexpected audio at byte ${i}: ${JSON.stringify(text.slice(i, i + 40))}`);
    cur = next;
    pos = next.indexOf(c);
    seen.push(next);
  }
  return seen;
}
