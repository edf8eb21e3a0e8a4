import type { MediaTrack, TrackPeaks } from '@shared/contracts/media';
import { SOUND_TEXTS } from '@shared/texts/media-sound';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { describedBy, Field, Input } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { Scissors } from 'lucide-react';
import { type PointerEvent, useRef, useState } from 'react';
import { useSetTrackCue, useTrackPeaks } from '../cue-api';
import { type CueDraft, clock, cueDraft, cueInput, cueProblems, cueRange } from '../track-cue';

const T = SOUND_TEXTS.editor;

/** The "Cue & fade" button of a library track, and the editor it opens. */
export function CueEditorButton({ track }: { track: MediaTrack }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        icon={<Scissors aria-hidden className="size-4" />}
        aria-label={T.openFor(track.title)}
        onClick={() => setOpen(true)}
      >
        {/* Icon only at phone widths, so the row's actions still fit. */}
        <span className="hidden sm:inline">{T.open}</span>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={T.heading} className="max-w-2xl">
        <CueEditor track={track} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/**
 * Where AutoDJ starts and stops a track and how long it fades (docs/product/media-library-and-autodj.md,
 * cue and fade), over the track's waveform. The fields are the editor; the waveform shows them and a
 * pointer on it moves the nearer cue point.
 */
function CueEditor({ track, onClose }: { track: MediaTrack; onClose: () => void }) {
  const [d, setD] = useState<CueDraft>(() => cueDraft(track));
  const peaks = useTrackPeaks(track.id);
  const save = useSetTrackCue();
  const length = track.durationSeconds;
  const problems = cueProblems(d, length);
  const r = cueRange(d, length);
  const set = (k: keyof CueDraft, v: string) => setD((x) => ({ ...x, [k]: v }));
  const field = (k: keyof CueDraft, label: string) => (
    <Field id={`cue-${k}`} label={label} error={problems[k]}>
      <Input
        {...describedBy(`cue-${k}`, problems[k])}
        type="number"
        inputMode="decimal"
        min={0}
        max={length}
        step={0.1}
        value={d[k]}
        onChange={(e) => set(k, e.target.value)}
        data-autofocus={k === 'cueIn' ? true : undefined}
      />
    </Field>
  );

  return (
    <form
      noValidate
      aria-label={T.openFor(track.title)}
      className="flex flex-col gap-4"
      data-testid="cue-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (Object.keys(problems).length > 0) return;
        save.mutate(
          { id: track.id, input: cueInput(d) },
          {
            onSuccess: () => {
              toast.success(T.saved);
              onClose();
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <p className="text-slate-300 text-sm">{T.intro}</p>
      <p className="truncate font-medium text-slate-100">
        {track.title} · {track.artist} · {clock(length)}
      </p>
      {peaks.isPending ? (
        <LoadingState label={T.loading} />
      ) : peaks.isError ? (
        <p className="text-red-300 text-sm">{errorMessage(peaks.error)}</p>
      ) : (
        <Waveform
          title={track.title}
          peaks={peaks.data}
          length={length}
          range={r}
          onMove={(which, at) => set(which, at.toFixed(1))}
        />
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {field('cueIn', T.cueIn)}
        {field('cueOut', T.cueOut)}
        {field('fadeIn', T.fadeIn)}
        {field('fadeOut', T.fadeOut)}
      </div>
      <p className="text-slate-300 text-sm" aria-live="polite">
        {r.cued > 0 ? T.cuedLength(clock(r.cued)) : null}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => setD(cueDraft({ ...track, cue: emptyCue }))}>
          {T.reset}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button type="submit" busy={save.isPending} disabled={Object.keys(problems).length > 0}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}

const emptyCue = { cueIn: null, cueOut: null, fadeIn: null, fadeOut: null };
const W = 800;
const H = 120;

function Waveform({
  title,
  peaks,
  length,
  range,
  onMove,
}: {
  title: string;
  peaks: TrackPeaks;
  length: number;
  range: ReturnType<typeof cueRange>;
  onMove: (which: 'cueIn' | 'cueOut', at: number) => void;
}) {
  const dragging = useRef<'cueIn' | 'cueOut' | null>(null);
  const x = (s: number) => (Math.min(Math.max(s, 0), length) / Math.max(length, 0.1)) * W;
  const step = W / Math.max(peaks.peaks.length, 1);
  const bars = peaks.peaks
    .map((p, i) => {
      const h = Math.max(0.5, p * (H / 2 - 4));
      return `M${(i * step).toFixed(1)} ${(H / 2 - h).toFixed(1)}V${(H / 2 + h).toFixed(1)}`;
    })
    .join('');
  const secondsAt = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return Math.min(Math.max(((e.clientX - box.left) / box.width) * length, 0), length);
  };
  const a = x(range.cueIn);
  const b = x(range.cueOut);
  return (
    <svg
      role="img"
      aria-label={SOUND_TEXTS.editor.waveform(title)}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      className="h-28 w-full touch-none select-none rounded-lg border border-slate-700 bg-slate-950"
      data-testid="cue-waveform"
      onPointerDown={(e) => {
        const at = secondsAt(e);
        dragging.current = Math.abs(at - range.cueIn) <= Math.abs(at - range.cueOut) ? 'cueIn' : 'cueOut';
        e.currentTarget.setPointerCapture(e.pointerId);
        onMove(dragging.current, at);
      }}
      onPointerMove={(e) => {
        if (dragging.current) onMove(dragging.current, secondsAt(e));
      }}
      onPointerUp={() => {
        dragging.current = null;
      }}
    >
      <path d={bars} stroke="#f472b6" strokeWidth={Math.max(step * 0.7, 0.5)} />
      <rect x={0} y={0} width={Math.max(a, 0)} height={H} fill="#020617" opacity={0.75} />
      <rect x={b} y={0} width={Math.max(W - b, 0)} height={H} fill="#020617" opacity={0.75} />
      {range.fadeIn > 0 ? (
        <polyline
          points={`${a},${H} ${x(range.cueIn + range.fadeIn)},0`}
          stroke="#facc15"
          fill="none"
          strokeWidth={2}
        />
      ) : null}
      {range.fadeOut > 0 ? (
        <polyline
          points={`${x(range.cueOut - range.fadeOut)},0 ${b},${H}`}
          stroke="#facc15"
          fill="none"
          strokeWidth={2}
        />
      ) : null}
      <line x1={a} x2={a} y1={0} y2={H} stroke="#34d399" strokeWidth={3} />
      <line x1={b} x2={b} y1={0} y2={H} stroke="#f87171" strokeWidth={3} />
    </svg>
  );
}
