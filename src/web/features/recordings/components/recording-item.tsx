import type { ManagedRecording, Recording } from '@shared/contracts/recordings';
import { RECORDINGS_TEXTS } from '@shared/texts/recordings';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { clsx } from 'clsx';
import { CalendarDays, Clock, Eye, EyeOff, Pause, Play, Trash2 } from 'lucide-react';
import { formatAired, formatLength, formatPosition } from '../recording-format';
import type { RecordingAudio } from '../use-recording-audio';

const T = RECORDINGS_TEXTS.page;

export interface ItemActions {
  busy: boolean;
  onHidden: (hidden: boolean) => void;
  onDelete: () => void;
}

/** One recording: play/pause, what and when; the seek bar while it is the one playing; hide and delete for its owner. */
export function RecordingItem({
  rec,
  audio,
  actions,
}: {
  rec: Recording | ManagedRecording;
  audio: RecordingAudio;
  actions?: ItemActions | null;
}) {
  const current = audio.currentId === rec.id;
  const playing = current && audio.playing;
  const hidden = 'hidden' in rec && rec.hidden;
  const total = current && audio.duration > 0 ? audio.duration : rec.durationSeconds;
  // The total is rounded as the list's length is ("35 s" and 0:35, not 0:34); the position is floored.
  return (
    <li
      data-testid="recording-item"
      data-recording-id={rec.id}
      data-playing={playing || undefined}
      className={clsx(
        'rounded-2xl border p-4 sm:p-5',
        current
          ? 'border-pink-500/50 bg-gradient-to-r from-pink-500/10 via-slate-900/80 to-slate-900/80'
          : 'border-slate-700/80 bg-slate-900/70',
        hidden && 'opacity-80',
      )}
    >
      <div className="flex items-start gap-4">
        <button
          type="button"
          onClick={() => (playing ? audio.pause() : audio.play(rec))}
          aria-label={playing ? T.pause(rec.title) : T.play(rec.title)}
          aria-pressed={playing}
          data-testid="recording-play"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-pink-500 to-violet-500 text-white shadow-lg shadow-pink-500/20 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-pink-300 focus-visible:outline-offset-2"
        >
          {playing ? (
            <Pause aria-hidden className="size-5" fill="currentColor" />
          ) : (
            <Play aria-hidden className="ml-0.5 size-5" fill="currentColor" />
          )}
        </button>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-words font-bold text-lg text-white leading-snug">{rec.title}</span>
            {hidden ? (
              <Badge tone="amber" icon={<EyeOff aria-hidden className="size-3" />}>
                {T.hiddenBadge}
              </Badge>
            ) : null}
          </p>
          <p className="truncate text-pink-200/90">{T.by(rec.presenter)}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-400 text-sm">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4 text-pink-400" />
              <time dateTime={rec.startedAt}>{formatAired(rec.startedAt)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5 tabular-nums">
              <Clock aria-hidden className="size-4 text-pink-400" />
              {formatLength(rec.durationSeconds)}
            </span>
          </p>
        </div>
        {actions ? (
          <div className="hidden shrink-0 gap-2 sm:flex">
            <ItemButtons hidden={hidden} actions={actions} title={rec.title} />
          </div>
        ) : null}
      </div>
      {current ? (
        <div className="mt-4 flex items-center gap-3">
          <span
            className="w-14 text-right text-slate-300 text-xs tabular-nums"
            data-testid="recording-position"
          >
            {formatPosition(audio.position)}
          </span>
          <input
            type="range"
            min={0}
            max={Math.max(1, Math.floor(total))}
            step={1}
            value={Math.min(Math.floor(audio.position), Math.floor(total))}
            onChange={(e) => audio.seek(Number(e.currentTarget.value))}
            aria-label={`${T.seek}: ${rec.title}`}
            aria-valuetext={`${formatPosition(audio.position)} / ${formatPosition(Math.round(total))}`}
            data-testid="recording-seek"
            className="h-2 flex-1 cursor-pointer accent-pink-500"
          />
          <span className="w-14 text-slate-400 text-xs tabular-nums">
            {formatPosition(Math.round(total))}
          </span>
        </div>
      ) : null}
      {actions ? (
        <div className="mt-3 flex gap-2 sm:hidden">
          <ItemButtons hidden={hidden} actions={actions} title={rec.title} />
        </div>
      ) : null}
    </li>
  );
}

function ItemButtons({ hidden, actions, title }: { hidden: boolean; actions: ItemActions; title: string }) {
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={actions.busy}
        onClick={() => actions.onHidden(!hidden)}
        icon={hidden ? <Eye aria-hidden className="size-4" /> : <EyeOff aria-hidden className="size-4" />}
        aria-label={`${hidden ? T.unhide : T.hide}: ${title}`}
      >
        {hidden ? T.unhide : T.hide}
      </Button>
      <Button
        size="sm"
        variant="danger"
        disabled={actions.busy}
        onClick={actions.onDelete}
        icon={<Trash2 aria-hidden className="size-4" />}
        aria-label={`${T.delete}: ${title}`}
      >
        {T.delete}
      </Button>
    </>
  );
}
