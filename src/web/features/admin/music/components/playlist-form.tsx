import {
  PLAY_ORDERS,
  PLAYLIST_KINDS,
  type PlaylistKind,
  type PlayOrder,
  type ScheduleWindow,
} from '@shared/contracts/media';
import { Button } from '@web/components/ui/button';
import { Field, Input, Select } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DAY_SHORT, describeWindow, kindLabel, newWindow, type PlaylistDraft } from '../playlist-form';
import { useShows } from '../programming-api';
import { TransitionFields } from './transition-fields';

/** HH:MM on a 24-hour clock, as the playlist list writes times (a browser's time field may show AM/PM). */
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_24 = {
  type: 'text',
  inputMode: 'numeric',
  placeholder: 'HH:MM',
  maxLength: 5,
  pattern: '([01][0-9]|2[0-3]):[0-5][0-9]',
  autoComplete: 'off',
} as const;

const ORDER_TEXT: Record<PlayOrder, string> = {
  shuffle: 'Shuffled (each once per pass)',
  random: 'Random',
  sequential: 'In order',
};

function WindowEditor({
  w,
  index,
  onChange,
  onRemove,
}: {
  w: ScheduleWindow;
  index: number;
  onChange: (w: ScheduleWindow) => void;
  onRemove: () => void;
}) {
  const toggle = (d: number) =>
    onChange({ ...w, days: w.days.includes(d) ? w.days.filter((x) => x !== d) : [...w.days, d].sort() });
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-700 p-3">
      <legend className="px-1 text-slate-300 text-sm">Window {index + 1}</legend>
      <div className="flex flex-wrap gap-1.5">
        {DAY_SHORT.map((name, d) => (
          <label key={name} className="flex items-center gap-1 text-slate-200 text-sm">
            <input type="checkbox" checked={w.days.includes(d)} onChange={() => toggle(d)} />
            {name}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field id={`win-${index}-start`} label="Start (24-hour)">
          <Input
            id={`win-${index}-start`}
            {...TIME_24}
            value={w.start}
            onChange={(e) => onChange({ ...w, start: e.target.value.trim() })}
          />
        </Field>
        <Field
          id={`win-${index}-end`}
          label="End (24-hour)"
          hint={w.start && w.end && w.end <= w.start ? 'Ends the next day' : undefined}
        >
          <Input
            id={`win-${index}-end`}
            {...TIME_24}
            value={w.end}
            onChange={(e) => onChange({ ...w, end: e.target.value.trim() })}
          />
        </Field>
        <Button variant="ghost" size="sm" icon={<Trash2 className="size-4" aria-hidden />} onClick={onRemove}>
          Remove window
        </Button>
      </div>
      {w.days.length > 0 && TIME_RE.test(w.start) && TIME_RE.test(w.end) ? (
        <p className="text-slate-400 text-sm" data-testid="window-summary">
          {describeWindow(w)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The fields of a playlist; the kind decides which of weight, every, minute and schedule show. */
export function PlaylistForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  initial: PlaylistDraft;
  submitLabel: string;
  busy: boolean;
  error?: string;
  onSubmit: (d: PlaylistDraft) => void;
}) {
  const [d, setD] = useState(initial);
  const shows = useShows();
  const set = <K extends keyof PlaylistDraft>(k: K, v: PlaylistDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const num = (v: string) => (v === '' ? 0 : Number(v));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-label="Playlist"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(d);
      }}
    >
      <Field id="pl-name" label="Name">
        <Input
          id="pl-name"
          data-autofocus
          value={d.name}
          maxLength={100}
          onChange={(e) => set('name', e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pl-kind" label="Kind">
          <Select id="pl-kind" value={d.kind} onChange={(e) => set('kind', e.target.value as PlaylistKind)}>
            {PLAYLIST_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pl-order" label="Order">
          <Select id="pl-order" value={d.order} onChange={(e) => set('order', e.target.value as PlayOrder)}>
            {PLAY_ORDERS.map((o) => (
              <option key={o} value={o}>
                {ORDER_TEXT[o]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {d.kind === 'rotation' || d.kind === 'scheduled' ? (
        <Field
          id="pl-weight"
          label="Weight (1–25)"
          hint="Higher plays more often among the playlists in force"
        >
          <Input
            id="pl-weight"
            type="number"
            min={1}
            max={25}
            value={d.weight}
            onChange={(e) => set('weight', num(e.target.value))}
          />
        </Field>
      ) : null}
      {d.kind === 'every_n_songs' || d.kind === 'every_n_minutes' ? (
        <Field
          id="pl-every"
          label={d.kind === 'every_n_songs' ? 'Every how many songs' : 'Every how many minutes'}
        >
          <Input
            id="pl-every"
            type="number"
            min={1}
            value={d.every}
            onChange={(e) => set('every', num(e.target.value))}
          />
        </Field>
      ) : null}
      {d.kind === 'hourly_at' ? (
        <Field id="pl-minute" label="Minute past each hour (0–59)">
          <Input
            id="pl-minute"
            type="number"
            min={0}
            max={59}
            value={d.minute}
            onChange={(e) => set('minute', num(e.target.value))}
          />
        </Field>
      ) : null}
      {d.kind === 'scheduled' ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-400 text-sm">
            In the station&apos;s time zone. While in force it replaces the rotation.
          </p>
          {d.schedule.map((w, i) => (
            <WindowEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: windows have no id; their place is their identity
              key={i}
              w={w}
              index={i}
              onChange={(nw) =>
                set(
                  'schedule',
                  d.schedule.map((x, j) => (j === i ? nw : x)),
                )
              }
              onRemove={() =>
                set(
                  'schedule',
                  d.schedule.filter((_, j) => j !== i),
                )
              }
            />
          ))}
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus className="size-4" aria-hidden />}
            onClick={() => set('schedule', [...d.schedule, newWindow()])}
          >
            Add a window
          </Button>
          <Field
            id="pl-show"
            label="Follow a show"
            hint="The show's hours play this playlist when no presenter is live"
          >
            <Select id="pl-show" value={d.showSlotId} onChange={(e) => set('showSlotId', e.target.value)}>
              <option value="">No show</option>
              {(shows.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.showName} · {DAY_SHORT[s.dayOfWeek]} {s.startTime}–{s.endTime}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}
      <TransitionFields
        transition={d.transition}
        crossfadeSeconds={d.crossfadeSeconds}
        onChange={(transition, crossfadeSeconds) => setD((x) => ({ ...x, transition, crossfadeSeconds }))}
      />
      <div className="flex items-center gap-3">
        <Switch checked={d.enabled} onChange={() => set('enabled', !d.enabled)} aria-label="Enabled" />
        <span className="text-slate-200 text-sm">{d.enabled ? 'Enabled' : 'Disabled'}</span>
      </div>
      {error ? (
        <p role="alert" className="text-red-300 text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
