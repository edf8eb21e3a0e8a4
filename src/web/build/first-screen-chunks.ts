import type { Rolldown } from 'vite';

/**
 * The chunks the first screen loads: each entry, what it imports, and what it imports dynamically at once
 * (main.tsx: react-dom, then the app's shell), each with its own static imports. Lazy pages are not in it.
 */
export function firstScreenChunks(bundle: Rolldown.OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const f = bundle[name];
    if (f?.type !== 'chunk' || files.has(name)) return;
    files.add(name);
    for (const dep of f.imports) visit(dep);
  };
  for (const f of Object.values(bundle)) {
    if (f.type !== 'chunk' || !f.isEntry) continue;
    visit(f.fileName);
    for (const dep of f.dynamicImports) visit(dep);
  }
  return files;
}
