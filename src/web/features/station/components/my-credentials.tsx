import { STATION_TEXTS } from '@shared/texts/station';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { KeyRound, RefreshCw, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { type MyCredentialsData, useGenerateMyCredentials, useMyCredentials } from '../control-api';
import { CopyButton } from './copy-button';

function Row({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <dt className="w-24 shrink-0 text-slate-400 text-sm">{label}</dt>
      {/* The copy button inside the <dd>: a <dl>'s groups hold only <dt> and <dd> (axe: definition-list). */}
      <dd className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 break-all font-mono text-white">{value}</span>
        {copy ? <CopyButton value={value} label={label.toLowerCase()} /> : null}
      </dd>
    </div>
  );
}

/**
 * The presenter's streaming login. The password exists only in the answer that generated it, so it is
 * shown here once, with a copy button, until the page is left.
 */
export function MyCredentials() {
  const creds = useMyCredentials();
  const generate = useGenerateMyCredentials();
  const [fresh, setFresh] = useState<MyCredentialsData | null>(null);
  const data = fresh ?? creds.data;

  const onGenerate = () => {
    if (data?.username && !window.confirm('Make a new password? The old one stops working at once.')) return;
    generate.mutate(undefined, {
      onSuccess: (c) => {
        setFresh(c);
        toast.success('New streaming password generated.');
      },
      onError: () => toast.error(STATION_TEXTS.credentialsFailed),
    });
  };

  return (
    <Card className="p-5 sm:p-6">
      <section
        aria-labelledby="credentials-heading"
        className="flex flex-col gap-4"
        data-testid="my-credentials"
      >
        <h2 id="credentials-heading" className="flex items-center gap-2 font-bold text-lg text-white">
          <KeyRound aria-hidden className="size-5 text-pink-400" />
          Your streaming credentials
        </h2>
        {creds.isPending ? (
          <LoadingState label="Loading credentials..." className="py-6" />
        ) : creds.isError && !fresh ? (
          <Alert>{errorMessage(creds.error)}</Alert>
        ) : (
          <>
            {data?.username ? (
              <dl className="flex flex-col gap-3">
                <Row label="Username" value={data.username} copy />
                {data.password ? <Row label="Password" value={data.password} copy /> : null}
              </dl>
            ) : (
              <p className="text-slate-300">You have no streaming account yet. Generate one to go live.</p>
            )}
            {data?.password ? (
              <p
                role="status"
                className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-amber-100 text-sm"
              >
                <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                This password is shown once. Copy it now and keep it safe: it is stored only in scrambled
                form, so nobody can show it to you again. Generate a new one if you lose it.
              </p>
            ) : data?.username ? (
              <p className="text-slate-400 text-sm">
                Your password was shown once when it was made. Lost it? Regenerate it below.
              </p>
            ) : null}
            {generate.isError ? <Alert>{STATION_TEXTS.credentialsFailed}</Alert> : null}
            <div>
              <Button
                busy={generate.isPending}
                icon={<RefreshCw aria-hidden className="size-4" />}
                onClick={onGenerate}
              >
                {data?.username ? 'Regenerate password' : 'Generate credentials'}
              </Button>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
