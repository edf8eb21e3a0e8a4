/** Text cutting for excerpts, kept apart from the Markdown renderer so lists need not load it. */

/** Cuts text at `max` characters (on a word boundary when one is near), with '...' when cut. */
export function cutText(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const slice = t.slice(0, max);
  const space = slice.lastIndexOf(' ');
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice).trimEnd()}...`;
}
