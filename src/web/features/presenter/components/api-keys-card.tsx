import type { ApiKey } from '@shared/contracts/staff';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { formatDay, formatMessageTime } from '@web/app/format-date';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field, Input } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { CopyButton } from '@web/features/station/components/copy-button';
import { KeyRound, ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../developer-api';
import { SectionHeader } from './section-header';

/**
 * API keys for bots reading the public API. A new key is shown once, here, until the section is left;
 * the list shows its first 12 characters and stars.
 */
export function ApiKeysCard() {
  const id = useId();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [fresh, setFresh] = useState<{ name: string; key: string } | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name, description },
      {
        onSuccess: ({ apiKey, key }) => {
          setFresh({ name: apiKey.name, key });
          setName('');
          setDescription('');
        },
        onError: (err) => toast.error(PRESENTER_TEXTS.apiKeyFailed, { description: errorMessage(err) }),
      },
    );
  };
  const onRevoke = (k: ApiKey) => {
    if (!window.confirm(`Revoke "${k.name}"? Bots using it are refused at once.`)) return;
    revoke.mutate(k.id, {
      onSuccess: () => toast.success(`"${k.name}" revoked.`),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <Card className="p-5">
      <SectionHeader
        level="h3"
        title="API Keys"
        description={
          <>
            Bots send a key as <code className="text-pink-200">Authorization: Bearer illusion_…</code> or{' '}
            <code className="text-pink-200">X-API-Key</code> to read the public API; each key has its own rate
            limit.
          </>
        }
      />
      {fresh ? (
        <div
          role="status"
          className="mb-5 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4"
          data-testid="new-api-key"
        >
          <p className="flex items-center gap-2 font-semibold text-emerald-200">
            <ShieldAlert aria-hidden className="size-4" />
            Copy the key for "{fresh.name}" now: it will not be shown again.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded-lg bg-slate-950/60 px-3 py-2 font-mono text-sm text-white"
              data-testid="new-api-key-value"
            >
              {fresh.key}
            </code>
            <CopyButton value={fresh.key} label="API key" />
            <Button size="sm" variant="ghost" onClick={() => setFresh(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      <form
        onSubmit={submit}
        noValidate
        className="mb-5 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        aria-label="Create API key"
      >
        <Field id={`${id}-name`} label="Key name">
          <Input
            id={`${id}-name`}
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Discord bot"
          />
        </Field>
        <Field id={`${id}-description`} label="Description (optional)">
          <Input
            id={`${id}-description`}
            maxLength={500}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <Button
          type="submit"
          icon={<KeyRound aria-hidden className="size-4" />}
          disabled={!name.trim()}
          busy={create.isPending}
        >
          Generate Key
        </Button>
      </form>
      {keys.isPending ? (
        <LoadingState label="Loading keys..." />
      ) : keys.isError ? (
        <Alert>{errorMessage(keys.error)}</Alert>
      ) : keys.data.length === 0 ? (
        <p className="rounded-xl border border-slate-700 border-dashed p-6 text-center text-slate-400 text-sm">
          No API keys yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="API keys">
          {keys.data.map((k) => (
            <li
              key={k.id}
              data-testid="api-key"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-700/80 bg-slate-950/40 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-white">{k.name}</span>
                  <Badge tone={k.isActive ? 'green' : 'neutral'}>{k.isActive ? 'Active' : 'Revoked'}</Badge>
                </p>
                <p className="break-all font-mono text-slate-300 text-xs">{k.maskedKey}</p>
                <p className="text-slate-400 text-xs">
                  {k.requestCount.toLocaleString()} request{k.requestCount === 1 ? '' : 's'}
                  {k.lastUsedAt ? ` · last used ${formatMessageTime(k.lastUsedAt)}` : ' · never used'} ·
                  created {formatDay(k.createdAt)}
                  {k.createdBy ? ` by ${k.createdBy.name}` : ''}
                </p>
              </div>
              {k.isActive ? (
                <Button
                  size="sm"
                  variant="danger"
                  busy={revoke.isPending && revoke.variables === k.id}
                  onClick={() => onRevoke(k)}
                  aria-label={`Revoke ${k.name}`}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
