import { ApiKeysCard } from './api-keys-card';
import { DatabaseCard } from './database-card';
import { SectionHeader } from './section-header';
import { SystemLogsCard } from './system-logs-card';
import { SystemStatusCard } from './system-status-card';

/** Developer: system status, the latest system log entries, API keys and a read-only database view. */
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
      <DatabaseCard />
    </div>
  );
}
