import type { FolderImportStatus } from '@shared/contracts/media';
import { MEDIA_TEXTS } from '@shared/texts/media';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { Card } from '@web/components/ui/card';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';

const T = MEDIA_TEXTS.folder;

/** The music folder's files the import skips, with their reason; nothing when there are none. */
export function FolderSkipped() {
  const status = useKeyedQuery({
    queryKey: queryKeys.media.folderImport,
    queryFn: () => api.get<FolderImportStatus>('/api/media/folder-import'),
    refetchInterval: 60_000,
  });
  return <FolderSkippedList skipped={status.data?.skipped ?? []} />;
}

export function FolderSkippedList({ skipped }: { skipped: FolderImportStatus['skipped'] }) {
  const id = useId();
  if (skipped.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-h`} data-testid="music-folder-skipped">
      <Card className="flex flex-col gap-2 p-5">
        <h3 id={`${id}-h`} className="flex items-center gap-2 font-bold text-amber-200">
          <TriangleAlert aria-hidden className="size-4" /> {T.skippedHeading(skipped.length)}
        </h3>
        <p className="text-slate-300 text-sm">{T.skippedIntro}</p>
        <ul className="flex flex-col gap-1 text-slate-200 text-sm">
          {skipped.map((s) => (
            <li key={s.file} className="break-words">
              {s.reason}
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
