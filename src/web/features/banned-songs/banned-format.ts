/** Ban dates as the list shows them (en-GB, e.g. 05/03/2025); '' for an unreadable date. */
export function formatBanDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-GB');
}

/** Case-insensitive match on title, artist or reason. */
export function matchesBanSearch(
  song: { title: string; artist: string; reason: string | null },
  term: string,
): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [song.title, song.artist, song.reason ?? ''].some((v) => v.toLowerCase().includes(t));
}
