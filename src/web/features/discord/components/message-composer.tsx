import { DISCORD_LIMITS } from '@shared/contracts/discord';
import { DISCORD_TEXTS } from '@shared/texts/discord';
import { errorMessage } from '@web/app/data/api-client';
import { useNow } from '@web/app/hooks/use-now';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field, Textarea } from '@web/components/ui/input';
import { Plus, Send, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useDeliveries, useDiscordSettings, useSendDiscordMessage } from '../api';
import {
  type ComposerDraft,
  emptyDraft,
  emptyEmbed,
  isEmptyDraft,
  limitProblems,
  TEMPLATES,
  toPayload,
  totalEmbedChars,
} from '../composer-state';
import { deliveryProgress } from '../delivery-list';
import { CharCounter } from './char-counter';
import { DiscordPreview } from './discord-preview';
import { EmbedEditor } from './embed-editor';

type SendState =
  | { kind: 'idle' }
  | { kind: 'tracking'; id: string }
  | { kind: 'success' }
  | { kind: 'error'; message: string };

/**
 * Compose a message (text plus embeds), see it as Discord will, send it. The server queues it at once:
 * the composer is free for the next message straight away, and the last one's progress shows beside the
 * button ('Queued, retrying (attempt n, next in s)' while Discord is unreachable), then its outcome from
 * the event stream: 'Message sent successfully!' or Discord's own answer.
 */
export function MessageComposer() {
  const id = useId();
  const settings = useDiscordSettings();
  const deliveries = useDeliveries();
  const send = useSendDiscordMessage();
  const [draft, setDraft] = useState<ComposerDraft>(emptyDraft);
  const [state, setState] = useState<SendState>({ kind: 'idle' });

  const pendingId = state.kind === 'tracking' ? state.id : null;
  const pending = pendingId ? deliveries.data?.find((d) => d.id === pendingId) : undefined;
  const now = useNow(1000).getTime();
  const progress = pending ? deliveryProgress(pending, now) : null;
  useEffect(() => {
    if (!pending) return;
    if (pending.status === 'sent') {
      setState({ kind: 'success' });
    } else if (pending.status === 'failed') {
      setState({ kind: 'error', message: pending.error ?? DISCORD_TEXTS.sendFailed });
    }
  }, [pending]);
  useEffect(() => {
    if (state.kind !== 'success') return;
    const t = setTimeout(() => setState({ kind: 'idle' }), 3000);
    return () => clearTimeout(t);
  }, [state.kind]);

  const problems = limitProblems(draft);
  const submit = () => {
    // Only when the settings are known: a click before they load is sent, and the server (which checks the
    // webhook itself) answers with the same text if there is none.
    if (settings.data && !settings.data.webhook)
      return setState({ kind: 'error', message: DISCORD_TEXTS.saveFirst });
    if (isEmptyDraft(draft)) return setState({ kind: 'error', message: DISCORD_TEXTS.emptyMessage });
    send.mutate(toPayload(draft), {
      onSuccess: ({ message }) => {
        setDraft(emptyDraft());
        setState({ kind: 'tracking', id: message.id });
      },
      onError: (err) => setState({ kind: 'error', message: errorMessage(err, DISCORD_TEXTS.sendFailed) }),
    });
  };
  const setEmbed = (i: number, next: ComposerDraft['embeds'][number]) =>
    setDraft((d) => ({ ...d, embeds: d.embeds.map((e, k) => (k === i ? next : e)) }));

  return (
    <Card className="p-5">
      <h2 className="mb-4 font-bold text-lg text-white">Compose Message</h2>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <span className="flex items-center gap-1 text-slate-300 text-sm">
          <Sparkles aria-hidden className="size-4 text-amber-300" />
          Quick templates:
        </span>
        {TEMPLATES.map((t) => (
          <Button key={t.id} variant="secondary" size="sm" onClick={() => setDraft(t.draft())}>
            {t.label}
          </Button>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <Field
            id={`${id}-content`}
            label={
              <span className="flex justify-between gap-2">
                Message content{' '}
                <CharCounter label="Message" value={draft.content.length} max={DISCORD_LIMITS.content} />
              </span>
            }
          >
            <Textarea
              id={`${id}-content`}
              rows={3}
              value={draft.content}
              placeholder="Plain text shown above the embeds"
              onChange={(e) => setDraft((d) => ({ ...d, content: e.target.value }))}
            />
          </Field>
          {draft.embeds.map((e, i) => (
            <EmbedEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: embeds are edited in place, by position
              key={i}
              index={i}
              embed={e}
              onChange={(next) => setEmbed(i, next)}
              onRemove={() => setDraft((d) => ({ ...d, embeds: d.embeds.filter((_, k) => k !== i) }))}
            />
          ))}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button
              variant="secondary"
              icon={<Plus aria-hidden className="size-4" />}
              disabled={draft.embeds.length >= DISCORD_LIMITS.embeds}
              onClick={() => setDraft((d) => ({ ...d, embeds: [...d.embeds, emptyEmbed()] }))}
            >
              Add Embed
            </Button>
            <span className="text-slate-300 text-sm">
              Embeds {draft.embeds.length}/{DISCORD_LIMITS.embeds} · characters{' '}
              <CharCounter
                label="Characters across embeds"
                value={totalEmbedChars(draft)}
                max={DISCORD_LIMITS.embedsTotal}
              />
            </span>
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <h3 className="font-semibold text-slate-200">Live preview</h3>
          <DiscordPreview draft={draft} />
        </div>
      </div>
      {problems.length > 0 ? (
        <Alert className="mt-4">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          size="lg"
          busy={send.isPending}
          disabled={problems.length > 0}
          icon={<Send aria-hidden className="size-4" />}
          onClick={submit}
        >
          {send.isPending ? 'Sending...' : 'Send to Discord'}
        </Button>
        {state.kind === 'tracking' ? (
          <p role="status" className="text-slate-300 text-sm" data-testid="composer-progress">
            {progress ?? DISCORD_TEXTS.queuedNow}
          </p>
        ) : null}
        {state.kind === 'success' ? <Alert tone="success">{DISCORD_TEXTS.sent}</Alert> : null}
        {state.kind === 'error' ? <Alert>{state.message}</Alert> : null}
      </div>
    </Card>
  );
}
