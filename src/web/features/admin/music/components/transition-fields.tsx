import { MAX_PLAYLIST_CROSSFADE_SECONDS, type PlaylistTransition } from '@shared/contracts/media';
import { SOUND_TEXTS } from '@shared/texts/media-sound';
import { Field, Input, Select } from '@web/components/ui/input';

const T = SOUND_TEXTS.transition;

/**
 * How a playlist's tracks join their neighbours (docs/product/media-library-and-autodj.md, transitions):
 * a crossfade, of the station's length or the playlist's own, or a jingle played whole.
 */
export function TransitionFields({
  transition,
  crossfadeSeconds,
  onChange,
}: {
  transition: PlaylistTransition;
  crossfadeSeconds: string;
  onChange: (transition: PlaylistTransition, crossfadeSeconds: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="pl-transition" label={T.label}>
        <Select
          id="pl-transition"
          value={transition}
          onChange={(e) => onChange(e.target.value as PlaylistTransition, crossfadeSeconds)}
        >
          <option value="crossfade">{T.crossfade}</option>
          <option value="jingle">{T.jingle}</option>
        </Select>
      </Field>
      {transition === 'crossfade' ? (
        <Field id="pl-crossfade" label={T.crossfadeSeconds} hint={T.crossfadeHint}>
          <Input
            id="pl-crossfade"
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_PLAYLIST_CROSSFADE_SECONDS}
            step={0.5}
            aria-describedby="pl-crossfade-hint"
            value={crossfadeSeconds}
            onChange={(e) => onChange(transition, e.target.value)}
          />
        </Field>
      ) : null}
    </div>
  );
}
