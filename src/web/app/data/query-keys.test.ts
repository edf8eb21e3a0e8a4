import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Stands for any value a key's parameter can take. */
const ANY = Symbol('any parameter');

interface Entry {
  name: string;
  key: readonly unknown[];
}

/** Every key of the factory, a key with parameters spelled with ANY in their places. */
function entries(node: unknown, name: string, out: Entry[] = []): Entry[] {
  if (Array.isArray(node)) out.push({ name, key: node });
  else if (typeof node === 'function') {
    const fn = node as (...args: unknown[]) => readonly unknown[];
    out.push({ name, key: fn(...Array.from({ length: fn.length }, () => ANY)) });
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) entries(v, name ? `${name}.${k}` : k, out);
  }
  return out;
}

/** Two keys that some parameters could make equal name one cache entry. */
const mayCollide = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === ANY || b[i] === ANY || part === b[i]);

const webRoot = path.resolve(__dirname, '../..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

describe('the query-key factory', () => {
  it('gives every read its own cache entry: no two keys can be equal, whatever their parameters', () => {
    const all = entries(queryKeys, '');
    expect(all.length).toBeGreaterThan(50);
    const clashes: string[] = [];
    all.forEach((a, i) => {
      for (const b of all.slice(i + 1)) if (mayCollide(a.key, b.key)) clashes.push(`${a.name} = ${b.name}`);
    });
    expect(clashes).toEqual([]);
  });

  it('is the only place the web app spells out a query key or calls useQuery', () => {
    const factory = path.join(webRoot, 'app/data/query-keys.ts');
    const offenders: string[] = [];
    const spelled = [
      /queryKey:\s*\[/, // a key written out in a query's options or a filter
      /(?:set|get)Query(?:ies)?Data(?:<[^>]*>)?\(\s*\[/, // a key written out to read or write the cache
      /\b(?:const|let)\s+\w*(?:Key|Keys|keys)\s*=\s*(?:\[|\{\s*$|\([^)]*\)\s*=>\s*\[)/m, // a key or a family of keys made elsewhere
      /\buseQuery\(/, // a read whose data is not checked against its key's type
    ];
    for (const file of sourceFiles(webRoot)) {
      if (file === factory) continue;
      const text = readFileSync(file, 'utf8');
      for (const re of spelled) if (re.test(text)) offenders.push(`${path.relative(webRoot, file)}: ${re.source}`);
    }
    expect(offenders).toEqual([]);
  });

  it('has one hook per key: no key is read by two queries', () => {
    const readers = new Map<string, string[]>();
    for (const file of sourceFiles(webRoot)) {
      const text = readFileSync(file, 'utf8');
      // A read names its key first in its options (`queryKey: queryKeys.…`), in a hook or an options object.
      for (const m of text.matchAll(/\{\s*queryKey:\s*queryKeys\.([\w.]+)/g)) {
        if (/invalidateQueries|cancelQueries|getQueriesData|setQueriesData|resetQueries|removeQueries/.test(
          text.slice(Math.max(0, (m.index ?? 0) - 40), m.index),
        ))
          continue;
        const list = readers.get(m[1]) ?? [];
        list.push(path.relative(webRoot, file));
        readers.set(m[1], list);
      }
    }
    expect(readers.size).toBeGreaterThan(50);
    expect([...readers].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
