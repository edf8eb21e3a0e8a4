import { zodResolver } from '@hookform/resolvers/zod';
import { REQUEST_TYPES, RequestInput } from '@shared/contracts/requests';
import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { isApiError } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input, Select, Textarea } from '@web/components/ui/input';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useRequestSettings, useSubmitRequest } from '../api';
import { REQUEST_TYPE_LABELS, submitFailureText, submitState } from '../request-rules';
import { MusicSearch } from './music-search';

type FormIn = z.input<typeof RequestInput>;
type FormOut = z.output<typeof RequestInput>;
const FIELDS = ['requestType', 'songTitle', 'artist', 'message', 'requesterName'] as const;

/**
 * The request form, shared by the Requests page and the request modal: kind, song search, title and
 * artist (song requests) or a message, and the requester's name (prefilled from the profile).
 * The shared schema gives the exact messages; the server has the last word.
 */
export function RequestForm({
  variant,
  onSubmitted,
}: {
  variant: 'page' | 'modal';
  onSubmitted?: () => void;
}) {
  const id = useId();
  const { me } = useMe();
  const settings = useRequestSettings();
  const submit = useSubmitRequest();
  const defaults: FormIn = {
    requestType: 'song_request',
    songTitle: '',
    artist: '',
    message: '',
    requesterName: me?.profile.fullName || me?.displayName || '',
  };
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(RequestInput),
    defaultValues: defaults,
  });
  const { errors, isSubmitted } = form.formState;
  const isSong = form.watch('requestType') === 'song_request';
  const state = submitState(settings.data, variant);
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const song = values.requestType === 'song_request';
    try {
      await submit.mutateAsync({
        ...values,
        songTitle: song ? values.songTitle : '',
        artist: song ? values.artist : '',
      });
      toast.success(REQUESTS_TEXTS.submitted);
      form.reset(defaults);
      onSubmitted?.();
    } catch (e) {
      const text = submitFailureText(e, variant);
      toast.error(text);
      const fields = isApiError(e) ? (e.fields ?? {}) : {};
      for (const [name, message] of Object.entries(fields)) {
        if ((FIELDS as readonly string[]).includes(name))
          form.setError(name as (typeof FIELDS)[number], { type: 'server', message });
      }
      form.setError('root.server', { type: 'server', message: text });
    }
  });

  const pick = ({ title, artist }: { title: string; artist: string }) => {
    form.setValue('songTitle', title, { shouldValidate: isSubmitted, shouldDirty: true });
    form.setValue('artist', artist, { shouldValidate: isSubmitted, shouldDirty: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="request-form">
      {state.notice ? <Alert>{state.notice}</Alert> : null}
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <Field id={`${id}-type`} label="Request Type" error={err('requestType')}>
        <Select
          data-autofocus={variant === 'modal' || undefined}
          {...describedBy(`${id}-type`, err('requestType'))}
          {...form.register('requestType', { onChange: () => form.clearErrors() })}
        >
          {REQUEST_TYPES.map((t) => (
            <option key={t} value={t}>
              {REQUEST_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </Field>
      {isSong ? (
        <>
          <MusicSearch onPick={pick} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-title`} label="Song Title" error={err('songTitle')}>
              <Input
                autoComplete="off"
                {...describedBy(`${id}-title`, err('songTitle'))}
                {...form.register('songTitle')}
              />
            </Field>
            <Field id={`${id}-artist`} label="Artist" error={err('artist')}>
              <Input
                autoComplete="off"
                {...describedBy(`${id}-artist`, err('artist'))}
                {...form.register('artist')}
              />
            </Field>
          </div>
        </>
      ) : null}
      <Field
        id={`${id}-message`}
        label="Message"
        hint={isSong ? 'Optional: a dedication or a few words for the presenter.' : undefined}
        error={err('message')}
      >
        <Textarea
          rows={3}
          maxLength={500}
          placeholder={isSong ? 'Optional' : 'Your shoutout, joke or entry'}
          {...describedBy(`${id}-message`, err('message'), isSong)}
          {...form.register('message')}
        />
      </Field>
      <Field id={`${id}-name`} label="Your Name" error={err('requesterName')}>
        <Input
          autoComplete="name"
          maxLength={100}
          {...describedBy(`${id}-name`, err('requesterName'))}
          {...form.register('requesterName')}
        />
      </Field>
      <Button
        type="submit"
        size="lg"
        busy={submit.isPending}
        disabled={state.disabled || settings.isPending}
        icon={<Send aria-hidden className="size-4" />}
        className="h-auto! min-h-12 w-full py-2 max-sm:text-sm!"
        aria-describedby={state.hint ? `${id}-submit-hint` : undefined}
      >
        {state.label}
      </Button>
      {state.hint ? (
        <p id={`${id}-submit-hint`} className="-mt-2 text-center text-slate-400 text-sm">
          {state.hint}
        </p>
      ) : null}
    </form>
  );
}
