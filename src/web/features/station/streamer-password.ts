const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A streamer password as the server generates them: 8 random uppercase letters and digits. */
export function generateStreamerPassword(
  randomValues: (a: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer> = (a) => crypto.getRandomValues(a),
  length = 8,
): string {
  const bytes = randomValues(new Uint32Array(length));
  return Array.from(bytes, (n) => ALNUM[n % ALNUM.length]).join('');
}
