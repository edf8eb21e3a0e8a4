import { MEDIA_TEXTS } from '@shared/texts/media';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@web/app/data/api-client';
import { queryKeys } from '@web/app/data/query-keys';
import { clsx } from 'clsx';
import { CheckCircle2, UploadCloud, XCircle } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { uploadTrackFile } from '../music-api';
import {
  formatBytes,
  looksLikeAudio,
  newItem,
  type UploadItem,
  withError,
  withProgress,
  withResult,
} from '../upload-queue';

const T = MEDIA_TEXTS.panel;
/** Files sent at once: the others wait their turn (each has its own request, progress bar and result). */
const PARALLEL = 2;

/** Drag and drop or pick audio files: one upload per file, with a progress bar and a result each. */
export function UploadDropzone() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [over, setOver] = useState(false);
  const update = (key: string, f: (i: UploadItem) => UploadItem) =>
    setItems((all) => all.map((i) => (i.key === key ? f(i) : i)));

  const start = (files: File[]) => {
    const batch = files.filter(looksLikeAudio).map((file) => ({ file, item: newItem(file) }));
    if (batch.length === 0) return;
    setItems((all) => [...batch.map((b) => b.item), ...all]);
    let cursor = 0;
    const worker = async () => {
      while (cursor < batch.length) {
        const { file, item } = batch[cursor++];
        try {
          const result = await uploadTrackFile(file, (p) => update(item.key, (i) => withProgress(i, p)));
          update(item.key, (i) => withResult(i, result));
        } catch (err) {
          update(item.key, (i) => withError(i, errorMessage(err, `${file.name}: the upload failed`)));
        }
        void qc.invalidateQueries({ queryKey: queryKeys.media.tracksRoot });
      }
    };
    for (let n = 0; n < Math.min(PARALLEL, batch.length); n++) void worker();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    start([...e.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="music-dropzone"
        className={clsx(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center',
          over ? 'border-pink-400 bg-pink-500/10' : 'border-slate-600 bg-slate-900/40',
        )}
      >
        <UploadCloud aria-hidden className="size-8 text-slate-400" />
        <p className="text-slate-200">
          {T.dropHere}{' '}
          <button
            type="button"
            className="font-semibold text-pink-300 underline underline-offset-2 hover:text-pink-200"
            onClick={() => input.current?.click()}
          >
            {T.choose}
          </button>
        </p>
        <p className="text-slate-400 text-xs">{T.formats}</p>
        <label htmlFor={`${id}-files`} className="sr-only">
          Audio files to upload
        </label>
        <input
          id={`${id}-files`}
          ref={input}
          type="file"
          multiple
          accept="audio/*,.mp3,.m4a,.aac,.ogg,.oga,.opus,.flac,.wav"
          className="sr-only"
          onChange={(e) => {
            start([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Uploads">
          {items.map((i) => (
            <UploadRow key={i.key} item={i} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const pct = Math.round(item.progress * 100);
  return (
    <li className="rounded-lg border border-slate-700 bg-slate-900/60 px-3 py-2" data-testid="upload-row">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-slate-100">{item.name}</span>
        <span className="shrink-0 text-slate-400 text-xs">{formatBytes(item.size)}</span>
      </div>
      {item.state === 'done' || item.state === 'refused' ? (
        <p
          role="status"
          className={clsx(
            'mt-1 flex items-center gap-1.5 text-xs',
            item.state === 'done' ? 'text-emerald-300' : 'text-red-300',
          )}
        >
          {item.state === 'done' ? (
            <CheckCircle2 aria-hidden className="size-3.5" />
          ) : (
            <XCircle aria-hidden className="size-3.5" />
          )}
          {item.message}
        </p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label={`${T.uploading} ${item.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-700"
          >
            <div
              className="h-full bg-gradient-to-r from-pink-500 to-violet-500"
              style={{ width: `${pct}%` }}
            />
          </div>
          <p className="mt-1 text-slate-400 text-xs">
            {item.state === 'checking' ? T.processing : `${T.uploading} ${pct}%`}
          </p>
        </>
      )}
    </li>
  );
}
