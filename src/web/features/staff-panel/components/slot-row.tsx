import type { ScheduleSlot } from '@shared/contracts/schedule';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import type { ReactNode } from 'react';
import { DAY_NAMES } from './slot-form-dialog';

const STATUS = {
  approved: { tone: 'green', label: 'Approved' },
  pending: { tone: 'amber', label: 'Pending' },
  rejected: { tone: 'red', label: 'Rejected' },
} as const;

/** One weekly slot: day and station times, show, presenter, status, and the actions the viewer may take. */
export function SlotRow({ slot, actions }: { slot: ScheduleSlot; actions: ReactNode }) {
  const status = STATUS[slot.status];
  return (
    <li
      data-testid="slot-row"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-700/80 bg-slate-900/70 px-4 py-3"
    >
      <div className="w-32 shrink-0">
        <p className="font-semibold text-white">{DAY_NAMES[slot.dayOfWeek]}</p>
        {slot.date ? <p className="text-violet-200 text-xs">Once: {slot.date}</p> : null}
        <p className="text-slate-400 text-sm tabular-nums">
          {slot.startTime} – {slot.endTime}
        </p>
      </div>
      <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
        <Avatar src={slot.presenterPicture} name={slot.presenterName} size="sm" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-white">{slot.showName}</p>
          <p className="truncate text-slate-400 text-sm">{slot.presenterName}</p>
        </div>
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}
