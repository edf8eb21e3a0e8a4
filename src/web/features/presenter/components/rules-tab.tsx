import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { ScrollText } from 'lucide-react';
import { usePresenterRules } from '../api';
import { SectionHeader } from './section-header';

/** Rules: the station's presenter rules (admins edit them in site settings). */
export function RulesTab() {
  const rules = usePresenterRules();
  return (
    <div>
      <SectionHeader
        title="Presenter Rules"
        description="Every presenter agrees to these. Admins keep them up to date in the site settings."
      />
      {rules.isPending ? (
        <LoadingState label="Loading rules..." />
      ) : rules.isError ? (
        <Alert>{errorMessage(rules.error)}</Alert>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Presenter rules">
          {rules.data.rules.map((rule, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the rules are a fixed, ordered text.
              key={i}
              className="flex gap-4 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4"
            >
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-violet-500/20 font-bold text-violet-200 text-sm"
              >
                {i + 1}
              </span>
              <p className="min-w-0 text-slate-200">
                {rule.title ? <strong className="text-white">{rule.title}. </strong> : null}
                {rule.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-4 flex items-center gap-2 text-slate-400 text-xs">
        <ScrollText aria-hidden className="size-4" />
        {rules.data?.isDefault ? 'The station’s standard rules.' : 'Rules set by the station’s admins.'}
      </p>
    </div>
  );
}
