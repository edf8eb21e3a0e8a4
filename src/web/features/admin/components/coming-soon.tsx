import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import type { ReactNode } from 'react';

/**
 * A tab whose tools are on their way: it names what the tab will hold and where to go meanwhile, so
 * an admin who opens it is never left at a dead end.
 */
export function ComingSoon({
  title,
  icon,
  summary,
  features,
  meanwhile,
}: {
  title: string;
  icon: ReactNode;
  summary: string;
  features: string[];
  meanwhile?: ReactNode;
}) {
  const headingId = `coming-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5" data-testid="coming-soon">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="font-bold text-white text-xl">
          {title}
        </h2>
        <Badge tone="violet">Coming soon</Badge>
      </div>
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:gap-5 sm:p-6">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-pink-500/25 to-violet-500/25 text-pink-200">
          {icon}
        </span>
        <div className="flex min-w-0 flex-col gap-3">
          <p className="text-slate-200">{summary}</p>
          <div>
            <h3 className="font-semibold text-slate-400 text-xs uppercase tracking-wider">
              What it will hold
            </h3>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-slate-300 text-sm marker:text-pink-400">
              {features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </div>
          {meanwhile ? <p className="text-slate-400 text-sm">{meanwhile}</p> : null}
        </div>
      </Card>
    </section>
  );
}
