import type { Me, UpdateProfileInput } from '@shared/contracts/accounts';
import { PROFILE_TEXTS } from '@shared/texts/accounts';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Field, Input } from '@web/components/ui/input';
import { Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useUpdateProfile } from '../api';

const NETWORKS = [
  { key: 'twitterUsername', label: 'Twitter/X' },
  { key: 'twitchUsername', label: 'Twitch' },
  { key: 'instagramUsername', label: 'Instagram' },
  { key: 'youtubeUsername', label: 'YouTube' },
  { key: 'tiktokUsername', label: 'TikTok' },
] as const;
type SocialKey = (typeof NETWORKS)[number]['key'];

const initial = (me: Me) =>
  Object.fromEntries(NETWORKS.map(({ key }) => [key, me.profile[key] ?? ''])) as Record<SocialKey, string>;

/** Social usernames (an empty box clears the link). */
export function SocialLinksForm({ me }: { me: Me }) {
  const update = useUpdateProfile();
  const id = useId();
  const [values, setValues] = useState(() => initial(me));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input: UpdateProfileInput = Object.fromEntries(
      NETWORKS.map(({ key }) => [key, values[key].trim().replace(/^@/, '')]),
    );
    update.mutate(input, {
      onSuccess: ({ me: next }) => {
        setValues(initial(next));
        toast.success(PROFILE_TEXTS.socialSaved);
      },
      onError: () => toast.error(PROFILE_TEXTS.socialFailed),
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {NETWORKS.map(({ key, label }) => (
          <Field key={key} id={`${id}-${key}`} label={label}>
            <Input
              id={`${id}-${key}`}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              placeholder="username"
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        ))}
      </div>
      <div>
        <Button type="submit" busy={update.isPending} icon={<Save aria-hidden className="size-4" />}>
          Save Social Links
        </Button>
      </div>
    </form>
  );
}
