import { zodResolver } from '@hookform/resolvers/zod';
import { CreateStreamerInput } from '@shared/contracts/station';
import { ADMIN_TEXTS } from '@shared/texts/admin';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input, Textarea } from '@web/components/ui/input';
import { Plus, Wand2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateStreamer } from '../control-api';
import { generateStreamerPassword } from '../streamer-password';

type FormIn = z.input<typeof CreateStreamerInput>;
type FormOut = z.output<typeof CreateStreamerInput>;

const EMPTY: FormIn = { username: '', displayName: '', password: '', comments: '', isActive: true };

/** Creates a streamer account on the radio backend (username, display name, password, comments, active). */
export function StreamerForm() {
  const id = useId();
  const create = useCreateStreamer();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(CreateStreamerInput),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { streamer } = await create.mutateAsync(values);
      toast.success(`Streamer ${streamer.username} created.`);
      form.reset(EMPTY);
    } catch (err) {
      toast.error(ADMIN_TEXTS.streamerCreateFailed);
      applyServerError(form.setError, err, ['username', 'displayName', 'password', 'comments']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold text-lg text-white">
        New streamer account
      </h3>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-username`} label="Username" error={errors.username?.message}>
          <Input
            autoComplete="off"
            {...describedBy(`${id}-username`, errors.username?.message)}
            {...form.register('username')}
          />
        </Field>
        <Field id={`${id}-display`} label="Display name" error={errors.displayName?.message}>
          <Input
            autoComplete="off"
            {...describedBy(`${id}-display`, errors.displayName?.message)}
            {...form.register('displayName')}
          />
        </Field>
      </div>
      <Field id={`${id}-password`} label="Password" error={errors.password?.message}>
        <div className="flex gap-2">
          <Input
            autoComplete="new-password"
            className="font-mono"
            {...describedBy(`${id}-password`, errors.password?.message)}
            {...form.register('password')}
          />
          <Button
            variant="secondary"
            icon={<Wand2 aria-hidden className="size-4" />}
            onClick={() =>
              form.setValue('password', generateStreamerPassword(), {
                shouldValidate: true,
                shouldDirty: true,
              })
            }
          >
            Generate
          </Button>
        </div>
      </Field>
      <Field id={`${id}-comments`} label="Comments (optional)" error={errors.comments?.message}>
        <Textarea
          rows={2}
          {...describedBy(`${id}-comments`, errors.comments?.message)}
          {...form.register('comments')}
        />
      </Field>
      <label className="flex items-center gap-2 text-slate-200 text-sm">
        <input type="checkbox" className="size-4 accent-pink-500" {...form.register('isActive')} />
        Active (may connect and go live)
      </label>
      <div>
        <Button type="submit" busy={create.isPending} icon={<Plus aria-hidden className="size-4" />}>
          Create streamer
        </Button>
      </div>
    </form>
  );
}
