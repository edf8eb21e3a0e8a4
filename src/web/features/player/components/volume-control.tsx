import { clsx } from 'clsx';
import { Volume1, Volume2, VolumeX } from 'lucide-react';
import type { CSSProperties } from 'react';
import { usePlayer } from '../player-context';
import { isMuted, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from '../player-rules';

/** Mute toggle ('Mute'/'Unmute') and the volume slider ('Volume', 0..1 in steps of 0.01). */
export function VolumeControl({
  className,
  sliderClassName,
}: {
  className?: string;
  sliderClassName?: string;
}) {
  const { volume, setVolume, toggleMute } = usePlayer();
  const muted = isMuted(volume);
  const Icon = muted ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className={clsx('flex min-w-0 items-center gap-1.5', className)}>
      <button
        type="button"
        onClick={toggleMute}
        aria-label={muted ? 'Unmute' : 'Mute'}
        className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-200 transition hover:bg-white/10 hover:text-white"
      >
        <Icon aria-hidden className="size-5" />
      </button>
      <input
        type="range"
        min={VOLUME_MIN}
        max={VOLUME_MAX}
        step={VOLUME_STEP}
        value={volume}
        onChange={(e) => setVolume(Number(e.target.value))}
        aria-label="Volume"
        aria-valuetext={`${Math.round(volume * 100)}%`}
        className={clsx('volume-slider h-1.5 min-w-0 flex-1 cursor-pointer', sliderClassName)}
        style={{ '--volume': `${volume * 100}%` } as CSSProperties}
      />
    </div>
  );
}
