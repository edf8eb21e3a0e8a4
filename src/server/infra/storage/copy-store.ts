import type { ObjectStore, ObjectSummary } from './object-store';

export interface CopyReport {
  /** Objects written to the target. */
  copied: number;
  copiedBytes: number;
  /** Objects the target already held with the same size (names are unique, so the same file). */
  alreadyThere: number;
  failed: { key: string; error: string }[];
}

/**
 * Copies every object of `from` (under `prefix`) into `to`, streaming, a few at a time. Running it again
 * copies only what is missing or differs in size, so an interrupted move is finished by running it again.
 */
export async function copyStore(
  from: ObjectStore,
  to: ObjectStore,
  options: { prefix?: string; concurrency?: number; onCopied?: (o: ObjectSummary) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedBytes: 0, alreadyThere: 0, failed: [] };
  const copyOne = async (o: ObjectSummary) => {
    try {
      const there = await to.head(o.key);
      if (there && there.size === o.size) {
        report.alreadyThere += 1;
        return;
      }
      const source = await from.get(o.key);
      if (!source) return; // removed since it was listed
      await to.put(o.key, source.body, { contentType: source.contentType });
      report.copied += 1;
      report.copiedBytes += o.size;
      options.onCopied?.(o);
    } catch (err) {
      report.failed.push({ key: o.key, error: err instanceof Error ? err.message : String(err) });
    }
  };
  const running = new Set<Promise<void>>();
  for await (const o of from.list(options.prefix ?? '')) {
    const p = copyOne(o).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= (options.concurrency ?? 4)) await Promise.race(running);
  }
  await Promise.all(running);
  return report;
}
