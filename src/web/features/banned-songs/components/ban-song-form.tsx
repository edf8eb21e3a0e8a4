import { zodResolver } from '@hookform/resolvers/zod';
import { BannedSongInput } from '@shared/contracts/banned-songs';
import { BANNED_TEXTS } from '@shared/texts/banned-songs';
import { isApiError } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input } from '@web/components/ui/input';
import { Ban } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useBanSong } from '../api';

type FormIn = z.input<typeof BannedSongInput>;
type FormOut = z.output<typeof BannedSongInput>;
const EMPTY: FormIn = { title: '', artist: '', reason: '' };
const FIELDS = ['title', 'artist', 'reason'] as const;

/** Bans a song ('banned.manage'): title and artist required, reason optional. */
export function BanSongForm() {
  const id = useId();
  const ban = useBanSong();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(BannedSongInput),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { song } = await ban.mutateAsync(values);
      toast.success(`"${song.title}" by ${song.artist} is now banned.`);
      form.reset(EMPTY);
    } catch (err) {
      const duplicate = isApiError(err) && err.status === 409;
      const text = duplicate ? BANNED_TEXTS.duplicate : BANNED_TEXTS.addFailed;
      toast.error(text);
      const fields = isApiError(err) ? (err.fields ?? {}) : {};
      for (const [name, message] of Object.entries(fields)) {
        if ((FIELDS as readonly string[]).includes(name))
          form.setError(name as (typeof FIELDS)[number], { type: 'server', message });
      }
      form.setError('root.server', { type: 'server', message: text });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold text-lg text-white">
        Ban a song
      </h3>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-title`} label="Song Title" error={errors.title?.message}>
          <Input
            autoComplete="off"
            {...describedBy(`${id}-title`, errors.title?.message)}
            {...form.register('title')}
          />
        </Field>
        <Field id={`${id}-artist`} label="Artist" error={errors.artist?.message}>
          <Input
            autoComplete="off"
            {...describedBy(`${id}-artist`, errors.artist?.message)}
            {...form.register('artist')}
          />
        </Field>
      </div>
      <Field id={`${id}-reason`} label="Reason (optional)" error={errors.reason?.message}>
        <Input
          autoComplete="off"
          {...describedBy(`${id}-reason`, errors.reason?.message)}
          {...form.register('reason')}
        />
      </Field>
      <div>
        <Button
          type="submit"
          variant="danger"
          busy={ban.isPending}
          icon={<Ban aria-hidden className="size-4" />}
        >
          Ban Song
        </Button>
      </div>
    </form>
  );
}
