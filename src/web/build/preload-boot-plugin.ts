import type { Plugin } from 'vite';
import { firstScreenChunks } from './first-screen-chunks';

/**
 * main.tsx loads react-dom and the app with dynamic imports (so that they are evaluated in separate tasks);
 * Vite preloads only an entry's static imports, so without this the browser would ask for those chunks
 * only once main.js has run, a round trip later. This adds a modulepreload link for every chunk the entry
 * imports dynamically and for their static imports, so they are fetched alongside main.js.
 */
export function preloadBootPlugin(): Plugin {
  return {
    name: 'onair-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return html;
        const files = firstScreenChunks(bundle);
        for (const file of entry.imports) files.delete(file);
        files.delete(entry.fileName);
        const already = new Set([...html.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]));
        const links = [...files]
          .filter((f) => !already.has(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n    ');
        return links ? html.replace('</head>', `    ${links}\n  </head>`) : html;
      },
    },
  };
}
