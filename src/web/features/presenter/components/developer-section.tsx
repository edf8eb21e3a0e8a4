import { ApiKeysCard } from './api-keys-card';
import { DatabaseCard } from './database-card';
import { SectionHeader } from './section-header';
import { StaffActionsCard } from './staff-actions-card';
import { SystemLogsCard } from './system-logs-card';
import { SystemStatusCard } from './system-status-card';

/** Developer: system status, API keys, the latest system log entries, the staff actions and the database. */
export function DeveloperSection() {
  return (
    <div className="flex flex-col gap-6">
      <SectionHeader
        title="Developer"
        description="How the station's software is doing, and keys for bots."
      />
      <SystemStatusCard />
      <ApiKeysCard />
      <SystemLogsCard />
      <StaffActionsCard />
      <DatabaseCard />
    </div>
  );
}
