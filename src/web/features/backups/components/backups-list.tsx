import type { Backup } from '@shared/contracts/backups';
import { Download } from 'lucide-react';
import { backupDownloadUrl } from '../api';

/** 1.2 GB, 340.5 MB, 12.0 KB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** What made a backup, from its id (scheduled-…, manual-…, before-upgrade-…). */
export function backupKind(id: string): string {
  if (id.startsWith('scheduled-')) return 'Scheduled';
  if (id.startsWith('before-upgrade-')) return 'Before an upgrade';
  if (id.startsWith('manual-')) return 'Backed up by hand';
  return 'Backup';
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The kept backups, newest first, each with its time, size and a download link. */
export function BackupsList({ backups }: { backups: Backup[] }) {
  if (backups.length === 0) {
    return (
      <p className="text-slate-400 text-sm">
        No backups yet. Back up now, or let the schedule make the first.
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-white/10" aria-label="Backups">
      {backups.map((b) => (
        <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
          <div className="min-w-0">
            <p className="font-medium text-white">
              <time dateTime={b.createdAt}>{when(b.createdAt)}</time>
            </p>
            <p className="text-slate-400 text-xs">
              {backupKind(b.id)} · {formatSize(b.sizeBytes)}
            </p>
          </div>
          <a
            href={backupDownloadUrl(b.id)}
            download
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-pink-300 text-sm hover:bg-white/5"
          >
            <Download aria-hidden className="size-4" /> Download
            <span className="sr-only"> the backup of {when(b.createdAt)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
