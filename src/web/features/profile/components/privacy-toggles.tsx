import type { Me } from '@shared/contracts/accounts';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { useId, useState } from 'react';
import { useUpdateProfile } from '../api';

type PrivacyKey = 'showInTopSupporters' | 'publicProfile';

const TOGGLES: { key: PrivacyKey; label: string; help: string }[] = [
  {
    key: 'showInTopSupporters',
    label: 'Show me in top supporters',
    help: 'Your name may appear among the top supporters in the shop.',
  },
  {
    key: 'publicProfile',
    label: 'Public profile',
    help: 'A private profile is hidden from the members list. People you already talk to can still message you.',
  },
];

function Toggle({ me, item }: { me: Me; item: (typeof TOGGLES)[number] }) {
  const update = useUpdateProfile();
  const id = useId();
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? me.profile[item.key];

  const onToggle = () => {
    const next = !checked;
    setPending(next);
    update.mutate(
      { [item.key]: next },
      {
        onSuccess: () => toast.success('Privacy settings saved.'),
        onError: (err) => toast.error(errorMessage(err)),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="font-medium text-white">
          {item.label}
        </p>
        <p id={`${id}-help`} className="text-slate-400 text-sm">
          {item.help}
        </p>
      </div>
      <Switch
        checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        disabled={update.isPending}
        onChange={onToggle}
        className="mt-1"
        thumb={update.isPending ? <Spinner size="sm" className="size-3 border text-pink-500" /> : null}
      />
    </li>
  );
}

/** Privacy: saved for real through PATCH /api/me. */
export function PrivacyToggles({ me }: { me: Me }) {
  return (
    <ul className="divide-y divide-slate-700/80">
      {TOGGLES.map((t) => (
        <Toggle key={t.key} me={me} item={t} />
      ))}
    </ul>
  );
}
