import { STATION_TEXTS } from '@shared/texts/station';
import { STREAM_INFO_TEXTS as T } from '@shared/texts/stream-info';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { SectionTitle } from '@web/components/section-title';
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
 * shown here once, with a copy button, until the page is left. An account made for them on promotion
 * has a password nobody saw: the first time, they make their password (no "Lost it?").
 */
export function MyCredentials() {
  const creds = useMyCredentials();
  const generate = useGenerateMyCredentials();
  const [fresh, setFresh] = useState<MyCredentialsData | null>(null);
  const data = fresh ?? creds.data;
  const firstPassword = Boolean(data?.username && !data.passwordChosen);

  const onGenerate = () => {
    if (data?.username && !firstPassword && !window.confirm(T.confirmRegenerate)) return;
    generate.mutate(undefined, {
      onSuccess: (c) => {
        setFresh(c);
        toast.success(firstPassword ? T.passwordMade : T.passwordRegenerated);
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
        <SectionTitle id="credentials-heading" icon={KeyRound} iconClassName="text-pink-400">
          {T.credentialsHeading}
        </SectionTitle>
        {creds.isPending ? (
          <LoadingState label="Loading credentials..." className="py-6" />
        ) : creds.isError && !fresh ? (
          <Alert>{errorMessage(creds.error)}</Alert>
        ) : (
          <>
            {data?.username ? (
              <dl className="flex flex-col gap-3">
                <Row label={T.username} value={data.username} copy />
                {data.password ? <Row label={T.password} value={data.password} copy /> : null}
              </dl>
            ) : (
              <p className="text-slate-300">{T.noAccount}</p>
            )}
            {data?.password ? (
              <p
                role="status"
                className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-amber-100 text-sm"
              >
                <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {T.passwordShownOnce}
              </p>
            ) : firstPassword ? (
              <p className="text-slate-300 text-sm">{T.firstPasswordIntro}</p>
            ) : data?.username ? (
              <p className="text-slate-400 text-sm">{T.lostIt}</p>
            ) : null}
            {generate.isError ? <Alert>{STATION_TEXTS.credentialsFailed}</Alert> : null}
            <div>
              <Button
                busy={generate.isPending}
                icon={<RefreshCw aria-hidden className="size-4" />}
                onClick={onGenerate}
              >
                {firstPassword ? T.makePassword : data?.username ? T.regenerate : T.generate}
              </Button>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
