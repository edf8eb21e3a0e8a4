import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { firstScreenChunks } from '../build/first-screen-chunks';

/**
 * Emits /sw.js from service-worker.js with this build's version and its shell files to precache (the page
 * shell's first-screen scripts and styles, the offline page, the icons). A new build means a new sw.js, which the
 * browser notices and the app offers to switch to.
 */
export function serviceWorkerPlugin(source: string): Plugin {
  return {
    name: 'onair-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The chunks of the first screen and the stylesheets.
      const files = firstScreenChunks(bundle);
      for (const f of Object.values(bundle)) {
        if (f.type === 'asset' && f.fileName.endsWith('.css') && f.fileName.startsWith('assets/')) {
          files.add(f.fileName);
        }
      }
      const shell = [...files].map((f) => `/${f}`).sort();
      const precache = ['/offline.html', '/favicon.svg', '/icons/icon-192.png', '/intl-warmup.js', ...shell];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const code = readFileSync(source, 'utf8')
        .replace('__VERSION__', version)
        .replace('__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
