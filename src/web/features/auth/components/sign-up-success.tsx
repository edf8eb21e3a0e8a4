import { AUTH_TEXTS } from '@shared/texts/accounts';
import { CheckCircle2, ShieldCheck } from 'lucide-react';

export function SignUpSuccess({ firstUserIsAdmin }: { firstUserIsAdmin: boolean }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <CheckCircle2 aria-hidden className="size-14 text-emerald-400" />
      <h3 className="font-bold text-2xl text-white">{AUTH_TEXTS.accountCreated}</h3>
      <p className="text-slate-300">{AUTH_TEXTS.welcome}</p>
      {firstUserIsAdmin ? (
        <p className="flex items-start gap-2 rounded-lg border border-violet-500/40 bg-violet-500/10 px-3 py-2 text-left text-sm text-violet-100">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {AUTH_TEXTS.firstUserAdmin}
        </p>
      ) : null}
    </div>
  );
}
