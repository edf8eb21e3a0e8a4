import { errorMessage } from '@web/app/data/api-client';
import { formatDay } from '@web/app/format-date';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { useDatabaseView } from '../developer-api';
import { SectionHeader } from './section-header';

/** Read-only: row counts per table and the migration state. Never a row. */
export function DatabaseCard() {
  const view = useDatabaseView();
  return (
    <Card className="p-5">
      <SectionHeader
        level="h3"
        title="Database"
        description="Row counts per table and the migrations. Rows themselves are never shown here."
      />
      {view.isPending ? (
        <LoadingState label="Counting rows..." />
      ) : view.isError ? (
        <Alert>{errorMessage(view.error)}</Alert>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
          <table className="w-full text-left text-sm" aria-label="Rows per table">
            <thead className="text-slate-400 text-xs uppercase tracking-wider">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Table
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Rows
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {view.data.tables.map((t) => (
                <tr key={t.name}>
                  <td className="break-all py-1.5 pr-3 font-mono text-slate-200 text-xs">{t.name}</td>
                  <td className="py-1.5 text-right text-white tabular-nums">{t.rows.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div>
            <h4 className="mb-2 font-semibold text-slate-200 text-sm">Migrations</h4>
            <ul className="flex flex-col gap-1.5" aria-label="Migrations">
              {view.data.migrations.map((m) => (
                <li key={m.tag} className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 break-all font-mono text-slate-300 text-xs">{m.tag}</span>
                  <span className="flex items-center gap-2">
                    <span className="hidden text-slate-500 text-xs sm:inline">{formatDay(m.createdAt)}</span>
                    <Badge tone={m.applied ? 'green' : 'amber'}>{m.applied ? 'Applied' : 'Pending'}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Card>
  );
}
