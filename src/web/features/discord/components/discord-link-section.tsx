import { LOADING_TEXTS } from '@shared/texts/common';
import { DISCORD_TEXTS } from '@shared/texts/discord';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field, Input } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { Link2, Unlink } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useMyDiscord, useUnlinkDiscord, useVerifyDiscordCode } from '../api';

const CODE_LENGTH = 6;

/** Profile settings → Discord: link with the code `/link` gives in Discord, or unlink. */
export function DiscordLinkSection() {
  const id = useId();
  const mine = useMyDiscord();
  const verify = useVerifyDiscordCode();
  const unlink = useUnlinkDiscord();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), 3000);
    return () => clearTimeout(t);
  }, [success]);

  if (mine.isPending) return <LoadingState label={LOADING_TEXTS.generic} />;
  if (mine.isError) return <Alert>{errorMessage(mine.error)}</Alert>;
  if (!mine.data.configured && !mine.data.linked)
    return <p className="text-slate-300">{DISCORD_TEXTS.linkNotConfigured}</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== CODE_LENGTH) return;
    setError(null);
    verify.mutate(code, {
      onSuccess: () => {
        setCode('');
        setSuccess('Discord account linked successfully!');
      },
      onError: (err) =>
        setError(
          !isApiError(err) || err.status === 0
            ? DISCORD_TEXTS.verifyError
            : err.status >= 500
              ? DISCORD_TEXTS.linkFailed
              : err.message,
        ),
    });
  };

  if (mine.data.linked) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-slate-200" data-testid="discord-linked">
          Linked as <span className="font-semibold text-white">{mine.data.linked.discordUsername}</span>
        </p>
        {success ? <Alert tone="success">{success}</Alert> : null}
        {error ? <Alert>{error}</Alert> : null}
        <div>
          <Button
            variant="danger"
            busy={unlink.isPending}
            icon={<Unlink aria-hidden className="size-4" />}
            onClick={() => {
              if (!window.confirm(DISCORD_TEXTS.confirmUnlink)) return;
              setError(null);
              unlink.mutate(undefined, { onError: () => setError(DISCORD_TEXTS.unlinkFailed) });
            }}
          >
            Unlink Discord
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-slate-300 text-sm">
        Type <code className="rounded bg-slate-800 px-1.5 py-0.5 text-slate-100">/link</code> in the station's
        Discord server. The bot answers you privately with a 6-digit code, valid for 10 minutes: enter it
        here.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={`${id}-code`} label="Verification code" error={error ?? undefined} className="sm:w-56">
          <Input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-code-error` : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            className="font-mono tracking-[0.3em]"
          />
        </Field>
        <Button
          type="submit"
          disabled={code.length !== CODE_LENGTH}
          busy={verify.isPending}
          icon={<Link2 aria-hidden className="size-4" />}
        >
          Verify
        </Button>
      </div>
      {success ? <Alert tone="success">{success}</Alert> : null}
    </form>
  );
}
