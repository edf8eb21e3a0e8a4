import { zodResolver } from '@hookform/resolvers/zod';
import { ApplicationInput } from '@shared/contracts/applications';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input, Textarea } from '@web/components/ui/input';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSubmitApplication } from '../api';

type FormIn = z.input<typeof ApplicationInput>;
type FormOut = z.output<typeof ApplicationInput>;
type Name = keyof FormIn;

export const APPLICATION_SUBMITTED = 'Application submitted successfully!';
export const APPLICATION_FAILED = 'Error submitting application. Please try again.';

const TEXT_AREAS: { name: Name; label: string; hint: string; rows: number }[] = [
  {
    name: 'showConcept',
    label: 'Show Concept',
    hint: 'What would your show be about? Genres, format, name.',
    rows: 4,
  },
  {
    name: 'experience',
    label: 'Experience',
    hint: 'Radio, DJing, podcasting, or none yet: tell us.',
    rows: 3,
  },
  { name: 'availability', label: 'Availability', hint: 'Days and times you could be on air.', rows: 2 },
];

/** The presenter application form: name and email prefilled from the profile, the shared rules. */
export function ApplicationForm() {
  const id = useId();
  const { me } = useMe();
  const submit = useSubmitApplication();
  const defaults: FormIn = {
    fullName: me?.profile.fullName || me?.displayName || '',
    email: me?.profile.email || me?.user.email || '',
    showConcept: '',
    experience: '',
    availability: '',
    additionalInfo: '',
  };
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ApplicationInput),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const err = (name: Name) => errors[name]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      toast.success(APPLICATION_SUBMITTED);
      form.reset(defaults);
    } catch (e) {
      const text = isApiError(e) && e.status >= 400 && e.status < 500 ? errorMessage(e) : APPLICATION_FAILED;
      toast.error(text);
      for (const [name, message] of Object.entries(isApiError(e) ? (e.fields ?? {}) : {})) {
        if (name in defaults) form.setError(name as Name, { type: 'server', message });
      }
      form.setError('root.server', { type: 'server', message: text });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="application-form">
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Full Name" error={err('fullName')}>
          <Input
            autoComplete="name"
            {...describedBy(`${id}-name`, err('fullName'))}
            {...form.register('fullName')}
          />
        </Field>
        <Field id={`${id}-email`} label="Email" error={err('email')}>
          <Input
            type="email"
            autoComplete="email"
            {...describedBy(`${id}-email`, err('email'))}
            {...form.register('email')}
          />
        </Field>
      </div>
      {TEXT_AREAS.map((f) => (
        <Field key={f.name} id={`${id}-${f.name}`} label={f.label} hint={f.hint} error={err(f.name)}>
          <Textarea
            rows={f.rows}
            {...describedBy(`${id}-${f.name}`, err(f.name), true)}
            {...form.register(f.name)}
          />
        </Field>
      ))}
      <Field
        id={`${id}-extra`}
        label="Additional Info"
        hint="Optional: links to mixes, socials, anything else."
        error={err('additionalInfo')}
      >
        <Textarea
          rows={2}
          {...describedBy(`${id}-extra`, err('additionalInfo'), true)}
          {...form.register('additionalInfo')}
        />
      </Field>
      <Button type="submit" size="lg" busy={submit.isPending} icon={<Send aria-hidden className="size-4" />}>
        Submit Application
      </Button>
    </form>
  );
}
