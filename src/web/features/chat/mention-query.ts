/** The `@word` being typed right before the caret, or null (an @ inside a word, e.g. an email, is not one). */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[^\p{L}\p{N}_.])@([\p{L}\p{N}_.'-]{0,30})$/u.exec(before);
  if (!m) return null;
  return { start: before.length - m[2].length - 1, query: m[2] };
}

/** Names that match what was typed: a name starting with it first, then a later word starting with it. */
export function matchNames(names: readonly string[], query: string, limit = 6): string[] {
  const q = query.toLowerCase();
  const seen = new Set<string>();
  const first: string[] = [];
  const later: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (key.startsWith(q)) first.push(name);
    else if (key.split(/\s+/).some((w) => w.startsWith(q))) later.push(name);
  }
  return [...first, ...later].slice(0, limit);
}

/** The text after picking a name: `@query` becomes `@Full Name ` and the caret goes after it. */
export function insertMention(text: string, at: { start: number; query: string }, name: string) {
  const end = at.start + 1 + at.query.length;
  const rest = text.slice(end).replace(/^ /, '');
  const inserted = `@${name} `;
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}
