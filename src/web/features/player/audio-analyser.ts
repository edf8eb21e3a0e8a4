/**
 * A Web Audio analyser on the player's <audio> element, for the bar visualiser. An element can be
 * routed through Web Audio only once, and a cross-origin stream without CORS would then play as
 * silence: the analyser is made only for a stream from this site (the built-in engine is relayed at
 * /stream, hls.js plays from blob: URLs) and only once the audio context really runs.
 */
const graphs = new WeakMap<HTMLMediaElement, { context: AudioContext; analyser: AnalyserNode }>();

export function isSameOriginMedia(src: string, origin = globalThis.location?.origin): boolean {
  if (!src) return false;
  if (src.startsWith('blob:')) return true;
  try {
    return new URL(src, origin).origin === origin;
  } catch {
    return false;
  }
}

export async function analyserFor(audio: HTMLMediaElement): Promise<AnalyserNode | null> {
  const existing = graphs.get(audio);
  if (existing) {
    if (existing.context.state === 'suspended') await existing.context.resume().catch(() => undefined);
    return existing.analyser;
  }
  if (typeof AudioContext === 'undefined' || !isSameOriginMedia(audio.currentSrc || audio.src)) return null;
  const context = new AudioContext();
  if (context.state === 'suspended') await context.resume().catch(() => undefined);
  if (context.state !== 'running') {
    await context.close().catch(() => undefined);
    return null;
  }
  const analyser = context.createAnalyser();
  analyser.fftSize = 128;
  analyser.smoothingTimeConstant = 0.8;
  context.createMediaElementSource(audio).connect(analyser);
  analyser.connect(context.destination);
  graphs.set(audio, { context, analyser });
  return analyser;
}
