import type { ScheduleSlot } from '@shared/contracts/schedule';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field, Input, Select, Textarea } from '@web/components/ui/input';
import { useDeleteSlot, useSaveSlot } from '@web/features/schedule/bookings-api';
import { PresenterOptions } from '@web/features/schedule/components/presenter-options';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { StationHour } from '../timetable';

export interface BookingTarget {
  /** 'Monday 13 Jul, 09:00 – 10:00' on the presenter's clock. */
  when: string;
  stationLabel: string | null;
  /** The hour a new booking takes. */
  hour: StationHour;
  /** The station date of that hour ('YYYY-MM-DD'): a one-off is booked on it. */
  stationDate: string;
  /** The slot being edited, if the cell is booked. */
  slot: ScheduleSlot | null;
}

/**
 * The book/edit modal: show name required (the button stays disabled while it is blank), description
 * optional. Schedule managers may pick the presenter (empty keeps the current one when editing) and
 * book, edit or cancel any slot; presenters book for themselves and manage their own.
 */
export function BookingDialog({
  target,
  asManager,
  onClose,
}: {
  target: BookingTarget | null;
  asManager: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onClose={onClose} title={target?.slot ? 'Edit Show' : 'Book a Show'}>
      {target ? <BookingForm target={target} asManager={asManager} onDone={onClose} /> : null}
    </Dialog>
  );
}

function BookingForm({
  target,
  asManager,
  onDone,
}: {
  target: BookingTarget;
  asManager: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const { slot } = target;
  const [showName, setShowName] = useState(slot?.showName ?? '');
  const [description, setDescription] = useState(slot?.description ?? '');
  const [presenterId, setPresenterId] = useState('');
  // Every week, or once on this date (an edit keeps what the slot is).
  const [once, setOnce] = useState(slot ? slot.date !== null : false);
  const save = useSaveSlot();
  const remove = useDeleteSlot();
  const times = slot
    ? { dayOfWeek: slot.dayOfWeek, startTime: slot.startTime, endTime: slot.endTime }
    : target.hour;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!showName.trim()) return;
    const date = slot ? slot.date : once ? target.stationDate : null;
    const base = { ...times, showName, description, date };
    const input = asManager ? { ...base, presenterId: presenterId || slot?.presenterId || '' } : base;
    save.mutate(
      { id: slot?.id, asManager, input },
      {
        onSuccess: () => {
          toast.success(
            slot
              ? 'Show updated.'
              : asManager
                ? 'Show booked.'
                : 'Show booked: it goes live once an admin approves it.',
          );
          onDone();
        },
        onError: (err) => toast.error(PRESENTER_TEXTS.bookingFailed, { description: errorMessage(err) }),
      },
    );
  };

  const cancelShow = () => {
    if (!slot || !window.confirm(`Cancel "${slot.showName}"? The hour becomes free for others.`)) return;
    remove.mutate(
      { id: slot.id, asManager },
      {
        onSuccess: () => {
          toast.success('Show cancelled.');
          onDone();
        },
        onError: (err) => toast.error(PRESENTER_TEXTS.cancelFailed, { description: errorMessage(err) }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Show booking">
      <p className="rounded-lg bg-slate-800/70 px-3 py-2 text-slate-200 text-sm">
        {slot
          ? `${slot.startTime} – ${slot.endTime} (station time), ${slot.date ? `once, on ${slot.date}` : 'every week'}`
          : target.when}
        {!slot && target.stationLabel ? (
          <span className="block text-slate-400 text-xs">
            {target.stationLabel}
            {once ? '' : ', every week'}
          </span>
        ) : null}
      </p>
      {slot ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-slate-200 text-sm">Repeat</legend>
          <label className="flex items-center gap-2 text-slate-200 text-sm">
            <input
              type="radio"
              name={`${id}-repeat`}
              checked={!once}
              onChange={() => setOnce(false)}
              className="size-4 accent-pink-500"
            />
            Every week
          </label>
          <label className="flex items-center gap-2 text-slate-200 text-sm">
            <input
              type="radio"
              name={`${id}-repeat`}
              checked={once}
              onChange={() => setOnce(true)}
              className="size-4 accent-pink-500"
            />
            Only on this date ({target.when.split(',')[0]})
          </label>
        </fieldset>
      )}
      {asManager ? (
        <Field id={`${id}-presenter`} label="Presenter">
          <Select id={`${id}-presenter`} value={presenterId} onChange={(e) => setPresenterId(e.target.value)}>
            <PresenterOptions first={slot ? `Keep ${slot.presenterName}` : 'Me'} />
          </Select>
        </Field>
      ) : null}
      <Field id={`${id}-name`} label="Show Name">
        <Input
          id={`${id}-name`}
          data-autofocus
          required
          maxLength={120}
          value={showName}
          onChange={(e) => setShowName(e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label="Description (optional)">
        <Textarea
          id={`${id}-description`}
          rows={3}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {slot ? (
          <Button
            variant="danger"
            icon={<Trash2 aria-hidden className="size-4" />}
            busy={remove.isPending}
            onClick={cancelShow}
          >
            Cancel Show
          </Button>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          <Button variant="ghost" onClick={onDone}>
            Close
          </Button>
          <Button type="submit" disabled={!showName.trim()} busy={save.isPending}>
            {slot ? 'Save' : 'Book Show'}
          </Button>
        </div>
      </div>
    </form>
  );
}
