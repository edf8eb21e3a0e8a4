import type { ScheduleSlot } from '@shared/contracts/schedule';
import { SCHEDULE_TEXTS } from '@shared/texts/schedule';
import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { EditDeleteButtons } from '@web/components/edit-delete-buttons';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { useDeleteSlot } from '@web/features/schedule/bookings-api';
import { CalendarDays, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { SlotFormDialog } from './slot-form-dialog';
import { SlotRow } from './slot-row';

/**
 * A list of weekly slots with Add, Edit and Delete (the staff panel's Schedule and My Schedule).
 * Managers work on every slot through the admin routes; presenters on their own.
 */
export function SlotList({
  headingId,
  title,
  subtitle,
  query,
  slots,
  timezone,
  asManager,
  emptyTitle,
  emptyBody,
  extraActions,
}: {
  headingId: string;
  title: string;
  subtitle: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown };
  slots: ScheduleSlot[];
  timezone: string;
  asManager: boolean;
  emptyTitle: string;
  emptyBody?: string;
  extraActions?: (slot: ScheduleSlot) => ReactNode;
}) {
  const remove = useDeleteSlot();
  const [editing, setEditing] = useState<ScheduleSlot | null | 'new'>(null);
  const onDelete = (slot: ScheduleSlot) => {
    const who = asManager ? ` (${slot.presenterName})` : '';
    if (!window.confirm(`Delete "${slot.showName}"${who}? The time becomes free for others.`)) return;
    remove.mutate(
      { id: slot.id, asManager },
      {
        onSuccess: () => toast.success('Show deleted.'),
        onError: (err) => toast.error(PRESENTER_TEXTS.cancelFailed, { description: errorMessage(err) }),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-bold text-white text-xl">
            {title}
          </h2>
          <div className="text-slate-400 text-sm">{subtitle}</div>
        </div>
        <Button icon={<Plus aria-hidden className="size-4" />} onClick={() => setEditing('new')}>
          Add Show
        </Button>
      </div>
      {query.isPending ? (
        <LoadingState label={SCHEDULE_TEXTS.loading} />
      ) : query.isError ? (
        <Alert>{errorMessage(query.error)}</Alert>
      ) : slots.length === 0 ? (
        <EmptyState
          icon={<CalendarDays aria-hidden className="size-7" />}
          title={emptyTitle}
          body={emptyBody}
        />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`${title}: shows`}>
          {slots.map((slot) => (
            <SlotRow
              key={slot.id}
              slot={slot}
              actions={
                <>
                  {extraActions?.(slot)}
                  <EditDeleteButtons
                    name={slot.showName}
                    onEdit={() => setEditing(slot)}
                    onDelete={() => onDelete(slot)}
                    deleting={remove.isPending && remove.variables?.id === slot.id}
                    iconClassName="size-4"
                    deleteVariant="ghost"
                  />
                </>
              }
            />
          ))}
        </ul>
      )}
      <SlotFormDialog
        open={editing !== null}
        slot={editing === 'new' ? null : editing}
        asManager={asManager}
        timezone={timezone}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
