import type { BackupScheduleView } from '@shared/contracts/backups';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field, Input } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Archive } from 'lucide-react';
import { useState } from 'react';
import { useBackUpNow, useBackupSchedule, useBackups, useSaveBackupSchedule } from '../api';
import { BackupsList, formatSize } from './backups-list';

/** Site settings' backups: the kept files with downloads, "Back up now" and the daily schedule. */
export function BackupsSection() {
  const backups = useBackups();
  const now = useBackUpNow();
  const schedule = useBackupSchedule();
  const run = () =>
    now.mutate(undefined, {
      onSuccess: (b) => toast.success('Backup made', { description: formatSize(b.sizeBytes) }),
      onError: (err) => toast.error(errorMessage(err)),
    });
  return (
    <Card className="p-5">
      <section aria-labelledby="backups-heading" className="flex flex-col gap-4" data-testid="backups">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h3 id="backups-heading" className="flex items-center gap-2 font-semibold text-lg text-white">
              <Archive aria-hidden className="size-5 text-sky-300" /> Backups
            </h3>
            <p className="text-slate-400 text-sm">
              The database, the uploads and the settings in one file. Restore one with{' '}
              <code>npm run restore</code> (docs/operations/backups.md).
            </p>
          </div>
          <Button busy={now.isPending} onClick={run}>
            {now.isPending ? 'Backing up...' : 'Back up now'}
          </Button>
        </div>
        {schedule.data ? <ScheduleForm key={JSON.stringify(schedule.data)} view={schedule.data} /> : null}
        {schedule.isError ? <Alert>{errorMessage(schedule.error)}</Alert> : null}
        {backups.isPending ? (
          <LoadingState label="Loading backups..." />
        ) : backups.isError ? (
          <Alert>{errorMessage(backups.error)}</Alert>
        ) : (
          <BackupsList backups={backups.data} />
        )}
      </section>
    </Card>
  );
}

function ScheduleForm({ view }: { view: BackupScheduleView }) {
  const save = useSaveBackupSchedule();
  const [enabled, setEnabled] = useState(view.enabled);
  const [time, setTime] = useState(view.time);
  const [keep, setKeep] = useState(String(view.keep));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { enabled, time, keep: Number(keep) },
      {
        onSuccess: () => toast.success('Backup schedule saved'),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-4">
      <div className="flex items-center gap-2 pb-2">
        <Switch
          checked={enabled}
          onChange={() => setEnabled(!enabled)}
          aria-labelledby="backup-daily-label"
        />
        <span id="backup-daily-label" className="text-slate-300 text-sm">
          Daily backup
        </span>
      </div>
      <Field id="backup-time" label={`Time (${view.timeZone})`}>
        <Input
          id="backup-time"
          type="time"
          value={time}
          disabled={!enabled}
          onChange={(e) => setTime(e.target.value)}
        />
      </Field>
      <Field id="backup-keep" label="Keep the last">
        <Input
          id="backup-keep"
          type="number"
          min={1}
          max={365}
          inputMode="numeric"
          value={keep}
          onChange={(e) => setKeep(e.target.value)}
          className="w-24"
        />
      </Field>
      <Button type="submit" busy={save.isPending} variant="secondary">
        Save schedule
      </Button>
    </form>
  );
}
