import { SaveWebhookInput } from '@shared/contracts/discord';
import { DISCORD_TEXTS } from '@shared/texts/discord';
import { errorMessage } from '@web/app/data/api-client';
import { SectionTitle } from '@web/components/section-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, Field, Input } from '@web/components/ui/input';
import { Link2, Save } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useDiscordSettings, useSaveWebhook } from '../api';

/** Webhook configuration: the saved URL is only ever shown masked; a new one replaces it. */
export function WebhookSettings() {
  const id = useId();
  const settings = useDiscordSettings();
  const save = useSaveWebhook();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(false), 3000);
    return () => clearTimeout(t);
  }, [saved]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const parsed = SaveWebhookInput.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DISCORD_TEXTS.invalidUrl);
      return;
    }
    setError(null);
    save.mutate(parsed.data.url, {
      onSuccess: () => {
        setUrl('');
        setSaved(true);
      },
      onError: (err) => setError(errorMessage(err, DISCORD_TEXTS.saveFailed)),
    });
  };

  const hook = settings.data?.webhook;
  return (
    <Card className="p-5">
      <SectionTitle icon={Link2} className="mb-1">
        Webhook configuration
      </SectionTitle>
      <p className="mb-4 text-slate-300 text-sm">
        In Discord: Server Settings → Integrations → Webhooks → New Webhook → Copy Webhook URL.
      </p>
      {hook ? (
        <p className="mb-3 break-all text-slate-300 text-sm">
          Saved webhook:{' '}
          <code className="rounded bg-slate-800 px-1.5 py-0.5 text-slate-100">{hook.masked}</code>
        </p>
      ) : null}
      {hook?.broken ? <Alert className="mb-3">{hook.brokenReason}</Alert> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={`${id}-url`} label="Webhook URL" error={error ?? undefined} className="min-w-0 flex-1">
          <Input
            {...describedBy(`${id}-url`, error ?? undefined)}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://discord.com/api/webhooks/…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <Button type="submit" busy={save.isPending} icon={<Save aria-hidden className="size-4" />}>
          Save Webhook
        </Button>
      </form>
      {saved ? (
        <Alert tone="success" className="mt-3">
          {DISCORD_TEXTS.saved}
        </Alert>
      ) : null}
    </Card>
  );
}
