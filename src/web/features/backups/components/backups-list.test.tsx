import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BackupsList, backupKind, formatSize } from './backups-list';

describe('the backups list in the admin panel', () => {
  it('shows each backup with its time, what made it, its size and a download link', () => {
    const html = renderToStaticMarkup(
      <BackupsList
        backups={[
          {
            id: 'scheduled-20261125-030000-1a2b',
            createdAt: '2026-11-25T03:00:04.000Z',
            sizeBytes: 1_363_148_800,
          },
          { id: 'manual-20261124-120000-ffff', createdAt: '2026-11-24T12:00:00.000Z', sizeBytes: 5_400_000 },
        ]}
      />,
    );
    expect(html).toContain('aria-label="Backups"');
    expect(html).toContain('Scheduled · 1.3 GB');
    expect(html).toContain('Backed up by hand · 5.1 MB');
    expect(html).toContain('href="/api/admin/backups/scheduled-20261125-030000-1a2b"');
    expect(html).toContain('dateTime="2026-11-25T03:00:04.000Z"');
    expect(html.split('download=""').length - 1).toBe(2);
  });

  it('says what to do when there is none yet', () => {
    expect(renderToStaticMarkup(<BackupsList backups={[]} />)).toContain(
      'No backups yet. Back up now, or let the schedule make the first.',
    );
  });

  it('names sizes and kinds as people read them', () => {
    expect(formatSize(12_288)).toBe('12.0 KB');
    expect(formatSize(1024 ** 3 * 2.5)).toBe('2.5 GB');
    expect(backupKind('before-upgrade-20261125-030000-1a2b')).toBe('Before an upgrade');
  });
});
