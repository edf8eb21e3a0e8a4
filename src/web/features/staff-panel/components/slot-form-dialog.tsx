import { zodResolver } from '@hookform/resolvers/zod';
import { MySlotInput, type ScheduleSlot, SlotInput } from '@shared/contracts/schedule';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Dialog } from '@web/components/ui/dialog';
import { FormActions } from '@web/components/ui/form-actions';
import { describedBy, Field, Input, Select, Textarea } from '@web/components/ui/input';
import { useSaveSlot } from '@web/features/schedule/bookings-api';
import { PresenterOptions } from '@web/features/schedule/components/presenter-options';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const FIELDS = ['presenterId', 'dayOfWeek', 'startTime', 'endTime', 'showName', 'description'];

type FormIn = z.input<typeof SlotInput>;
type FormOut = z.output<typeof SlotInput>;

/**
 * Add or edit a weekly slot (staff panel): day, start time, end time and show name required, description
 * optional; times are the station's. Managers pick the presenter and their slots are approved at once;
 * a presenter's own wait for approval.
 */
export function SlotFormDialog({
  open,
  slot,
  asManager,
  timezone,
  onClose,
}: {
  open: boolean;
  slot: ScheduleSlot | null;
  asManager: boolean;
  timezone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={slot ? 'Edit Show' : 'Add Show'}>
      <SlotForm slot={slot} asManager={asManager} timezone={timezone} onDone={onClose} />
    </Dialog>
  );
}

function SlotForm({
  slot,
  asManager,
  timezone,
  onDone,
}: {
  slot: ScheduleSlot | null;
  asManager: boolean;
  timezone: string;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveSlot();
  const schema = asManager
    ? SlotInput
    : MySlotInput.extend({ presenterId: SlotInput.shape.presenterId.optional() });
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema as typeof SlotInput),
    defaultValues: {
      presenterId: slot?.presenterId ?? '',
      dayOfWeek: slot?.dayOfWeek ?? 1,
      startTime: slot?.startTime ?? '',
      endTime: slot?.endTime ?? '',
      showName: slot?.showName ?? '',
      description: slot?.description ?? '',
      // A one-off stays on its date (a day that no longer matches it is refused with a clear message).
      date: slot?.date ?? null,
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const { presenterId, ...own } = values;
    try {
      await save.mutateAsync({ id: slot?.id, asManager, input: asManager ? values : own });
      toast.success(
        slot
          ? 'Show updated.'
          : asManager
            ? 'Show added.'
            : 'Show added: it goes live once an admin approves it.',
      );
      onDone();
    } catch (err) {
      toast.error(PRESENTER_TEXTS.bookingFailed, { description: errorMessage(err) });
      applyServerError(form.setError, err, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Show slot">
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      {asManager ? (
        <Field id={`${id}-presenter`} label="Presenter" error={errors.presenterId?.message}>
          <Select
            {...describedBy(`${id}-presenter`, errors.presenterId?.message)}
            {...form.register('presenterId')}
          >
            <PresenterOptions first="Choose a presenter..." />
          </Select>
        </Field>
      ) : null}
      <Field id={`${id}-day`} label="Day" error={errors.dayOfWeek?.message}>
        <Select
          {...describedBy(`${id}-day`, errors.dayOfWeek?.message)}
          {...form.register('dayOfWeek', { valueAsNumber: true })}
        >
          {DAY_NAMES.map((d, i) => (
            <option key={d} value={i}>
              {d}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-start`} label="Start Time" error={errors.startTime?.message}>
          <Input
            type="time"
            {...describedBy(`${id}-start`, errors.startTime?.message)}
            {...form.register('startTime')}
          />
        </Field>
        <Field id={`${id}-end`} label="End Time" error={errors.endTime?.message}>
          <Input
            type="time"
            {...describedBy(`${id}-end`, errors.endTime?.message)}
            {...form.register('endTime')}
          />
        </Field>
      </div>
      <p className="-mt-2 text-slate-400 text-xs">
        Station time ({timezone.replace(/_/g, ' ')}). An end of 00:00 is midnight.
      </p>
      <Field id={`${id}-name`} label="Show Name" error={errors.showName?.message}>
        <Input {...describedBy(`${id}-name`, errors.showName?.message)} {...form.register('showName')} />
      </Field>
      <Field id={`${id}-description`} label="Description (optional)" error={errors.description?.message}>
        <Textarea
          rows={3}
          {...describedBy(`${id}-description`, errors.description?.message)}
          {...form.register('description')}
        />
      </Field>
      <FormActions onCancel={onDone} submitLabel={slot ? 'Save' : 'Add Show'} busy={save.isPending} />
    </form>
  );
}
