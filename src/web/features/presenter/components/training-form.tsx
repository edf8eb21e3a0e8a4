import { zodResolver } from '@hookform/resolvers/zod';
import { SESSION_TYPE_LABELS, SESSION_TYPES, TrainingInput } from '@shared/contracts/staff';
import { LIMITS } from '@shared/limits';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input, Select, Textarea } from '@web/components/ui/input';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLogTraining } from '../api';
import { PersonPicker } from './person-picker';

type FormIn = z.input<typeof TrainingInput>;
type FormOut = z.output<typeof TrainingInput>;

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const defaults = (): FormIn => ({
  traineeId: '',
  sessionType: '' as FormIn['sessionType'],
  sessionTitle: '',
  notes: '',
  rating: LIMITS.trainingDefaultRating,
  sessionDate: today(),
  durationMinutes: LIMITS.trainingDefaultMinutes,
  status: 'completed',
});
const FIELDS = [
  'traineeId',
  'sessionType',
  'sessionTitle',
  'notes',
  'rating',
  'sessionDate',
  'durationMinutes',
];

/** Log Training: trainee and session type required, rating 1 to 5 (default 5), 60 minutes by default. */
export function TrainingForm() {
  const id = useId();
  const log = useLogTraining();
  const [trainee, setTrainee] = useState<{
    id: string;
    name: string;
    picture: string | null;
    role: string;
  } | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(TrainingInput),
    defaultValues: defaults(),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { session } = await log.mutateAsync(values);
      toast.success(`Session with ${session.trainee.name} logged.`);
      form.reset(defaults());
      setTrainee(null);
    } catch (err) {
      applyServerError(form.setError, err, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Log training session">
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={`${id}-trainee`} label="Trainee" error={errors.traineeId?.message}>
          <Controller
            control={form.control}
            name="traineeId"
            render={({ field }) => (
              <PersonPicker
                id={`${id}-trainee`}
                value={trainee}
                invalid={Boolean(errors.traineeId)}
                describedBy={errors.traineeId ? `${id}-trainee-error` : undefined}
                onChange={(p) => {
                  setTrainee(p);
                  field.onChange(p?.id ?? '');
                }}
              />
            )}
          />
        </Field>
        <Field id={`${id}-type`} label="Session Type" error={errors.sessionType?.message}>
          <Select
            {...describedBy(`${id}-type`, errors.sessionType?.message)}
            {...form.register('sessionType')}
          >
            <option value="">Choose a type...</option>
            {SESSION_TYPES.map((t) => (
              <option key={t} value={t}>
                {SESSION_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-title`} label="Title (optional)" error={errors.sessionTitle?.message}>
          <Input
            {...describedBy(`${id}-title`, errors.sessionTitle?.message)}
            {...form.register('sessionTitle')}
          />
        </Field>
        <Field id={`${id}-date`} label="Date" error={errors.sessionDate?.message}>
          <Input
            type="date"
            {...describedBy(`${id}-date`, errors.sessionDate?.message)}
            {...form.register('sessionDate')}
          />
        </Field>
        <Field id={`${id}-rating`} label="Rating (1 to 5)" error={errors.rating?.message}>
          <Input
            type="number"
            min={1}
            max={5}
            step={1}
            {...describedBy(`${id}-rating`, errors.rating?.message)}
            {...form.register('rating', { valueAsNumber: true })}
          />
        </Field>
        <Field id={`${id}-duration`} label="Duration (minutes)" error={errors.durationMinutes?.message}>
          <Input
            type="number"
            min={5}
            max={600}
            step={5}
            {...describedBy(`${id}-duration`, errors.durationMinutes?.message)}
            {...form.register('durationMinutes', { valueAsNumber: true })}
          />
        </Field>
        <Field id={`${id}-status`} label="Status">
          <Select id={`${id}-status`} {...form.register('status')}>
            <option value="completed">Completed</option>
            <option value="scheduled">Scheduled</option>
          </Select>
        </Field>
      </div>
      <Field id={`${id}-notes`} label="Notes (optional)" error={errors.notes?.message}>
        <Textarea
          rows={3}
          {...describedBy(`${id}-notes`, errors.notes?.message)}
          {...form.register('notes')}
        />
      </Field>
      <div>
        <Button type="submit" busy={log.isPending}>
          Log Session
        </Button>
      </div>
    </form>
  );
}
