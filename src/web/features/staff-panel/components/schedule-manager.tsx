import type { ScheduleSlot } from '@shared/contracts/schedule';
import { SCHEDULE_TEXTS } from '@shared/texts/schedule';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { useAllSlots, useDecideSlot } from '@web/features/schedule/bookings-api';
import { Check, X } from 'lucide-react';
import { SlotList } from './slot-list';

/**
 * Staff panel › Schedule: every slot with its presenter, by day then start; add, edit, delete; approve
 * or reject presenters' pending bookings (the presenter is notified; only approved slots are public).
 */
export function ScheduleManager() {
  const slots = useAllSlots();
  const decide = useDecideSlot();
  const list = slots.data?.slots ?? [];
  const pending = list.filter((s) => s.status === 'pending').length;

  const onDecide = (slot: ScheduleSlot, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: slot.id, decision },
      {
        onSuccess: () =>
          toast.success(
            `"${slot.showName}" was ${decision === 'approve' ? 'approved' : 'rejected'}; ${slot.presenterName} has been told.`,
          ),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  const busy = (slot: ScheduleSlot, d: 'approve' | 'reject') =>
    decide.isPending && decide.variables?.id === slot.id && decide.variables.decision === d;

  return (
    <SlotList
      headingId="schedule-manager-heading"
      title="Schedule"
      subtitle={
        <span data-testid="pending-count">
          {slots.data
            ? `${pending} waiting for approval · times in ${slots.data.timezone.replace(/_/g, ' ')}`
            : 'Weekly shows.'}
        </span>
      }
      query={slots}
      slots={list}
      timezone={slots.data?.timezone ?? ''}
      asManager
      emptyTitle={SCHEDULE_TEXTS.emptyTitle}
      extraActions={(slot) =>
        slot.status === 'pending' ? (
          <>
            <Button
              size="sm"
              icon={<Check aria-hidden className="size-4" />}
              busy={busy(slot, 'approve')}
              onClick={() => onDecide(slot, 'approve')}
              aria-label={`Approve ${slot.showName}`}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="danger"
              icon={<X aria-hidden className="size-4" />}
              busy={busy(slot, 'reject')}
              onClick={() => onDecide(slot, 'reject')}
              aria-label={`Reject ${slot.showName}`}
            >
              Reject
            </Button>
          </>
        ) : null
      }
    />
  );
}
