import { zodResolver } from '@hookform/resolvers/zod';
import { type RecognisedStreamer, STREAMER_PLATFORMS, StreamerInput } from '@shared/contracts/streamers';
import { STREAMERS_TEXTS } from '@shared/texts/content';
import { errorMessage } from '@web/app/data/api-client';
import { applyServerError } from '@web/app/data/form-errors';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input, Select, Textarea } from '@web/components/ui/input';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAddStreamer, useUpdateStreamer } from '../api';

type FormIn = z.input<typeof StreamerInput>;
type FormOut = z.output<typeof StreamerInput>;
const TEXT_FIELDS = [
  'username',
  'description',
  'profileImage',
  'twitchUsername',
  'youtubeChannelId',
  'twitterUsername',
  'instagramUsername',
  'discordUsername',
] as const;

const LABELS: Record<(typeof TEXT_FIELDS)[number], string> = {
  username: 'Username',
  description: 'Description (optional)',
  profileImage: 'Profile image URL (optional)',
  twitchUsername: 'Twitch username (optional)',
  youtubeChannelId: 'YouTube channel id or @handle (optional)',
  twitterUsername: 'Twitter / X username (optional)',
  instagramUsername: 'Instagram username (optional)',
  discordUsername: 'Discord name (optional)',
};

const PLATFORM_NAMES = {
  twitch: 'Twitch',
  youtube: 'YouTube',
  both: 'Both (Twitch and YouTube)',
  other: 'Other',
};

const valuesOf = (s: RecognisedStreamer | null): FormIn => ({
  username: s?.username ?? '',
  platform: s?.platform ?? 'twitch',
  description: s?.description ?? '',
  profileImage: s?.profileImage ?? '',
  twitchUsername: s?.twitchUsername ?? '',
  youtubeChannelId: s?.youtubeChannelId ?? '',
  twitterUsername: s?.twitterUsername ?? '',
  instagramUsername: s?.instagramUsername ?? '',
  discordUsername: s?.discordUsername ?? '',
  displayOrder: s?.displayOrder ?? 0,
  isActive: s?.isActive ?? true,
});

/** Add or edit a community streamer: username and platform required, display order an integer. */
export function StreamerAdminForm({
  streamer,
  onDone,
}: {
  streamer: RecognisedStreamer | null;
  onDone: () => void;
}) {
  const id = useId();
  const add = useAddStreamer();
  const update = useUpdateStreamer();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(StreamerInput),
    defaultValues: valuesOf(streamer),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (streamer) await update.mutateAsync({ id: streamer.id, patch: values });
      else await add.mutateAsync(values);
      toast.success(streamer ? STREAMERS_TEXTS.updated : STREAMERS_TEXTS.added);
      onDone();
    } catch (err) {
      toast.error(STREAMERS_TEXTS.saveError(errorMessage(err)));
      applyServerError(form.setError, err, [...TEXT_FIELDS, 'platform', 'displayOrder']);
    }
  });

  const text = (name: (typeof TEXT_FIELDS)[number], wide = false) => (
    <Field
      id={`${id}-${name}`}
      label={LABELS[name]}
      error={errors[name]?.message}
      className={wide ? 'sm:col-span-2' : undefined}
    >
      {name === 'description' ? (
        <Textarea
          rows={3}
          {...describedBy(`${id}-${name}`, errors[name]?.message)}
          {...form.register(name)}
        />
      ) : (
        <Input
          autoComplete="off"
          {...describedBy(`${id}-${name}`, errors[name]?.message)}
          {...form.register(name)}
        />
      )}
    </Field>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4"
      data-testid="streamer-admin-form"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-lg text-white">
        {streamer ? `Edit ${streamer.username}` : 'Add a streamer'}
      </h3>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('username')}
        <Field id={`${id}-platform`} label="Platform" error={errors.platform?.message}>
          <Select {...describedBy(`${id}-platform`, errors.platform?.message)} {...form.register('platform')}>
            {STREAMER_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_NAMES[p]}
              </option>
            ))}
          </Select>
        </Field>
        {text('description', true)}
        {text('profileImage', true)}
        {text('twitchUsername')}
        {text('youtubeChannelId')}
        {text('twitterUsername')}
        {text('instagramUsername')}
        {text('discordUsername')}
        <Field id={`${id}-order`} label="Display order" error={errors.displayOrder?.message}>
          <Input
            type="number"
            step={1}
            {...describedBy(`${id}-order`, errors.displayOrder?.message)}
            {...form.register('displayOrder', { valueAsNumber: true })}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-slate-200 text-sm">
        <input type="checkbox" className="size-4 accent-pink-500" {...form.register('isActive')} />
        Active (shown on the site)
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={add.isPending || update.isPending}>
          {streamer ? 'Save' : 'Add streamer'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
