import { RadioControl } from '@web/features/station/components/radio-control';
import { StreamersAdmin } from '@web/features/station/components/streamers-admin';

/** Staff panel › Stream: skip, disconnect, restart, and the streamer accounts with their form. */
export function StreamTab() {
  return (
    <div className="flex flex-col gap-8">
      <RadioControl />
      <StreamersAdmin />
    </div>
  );
}
