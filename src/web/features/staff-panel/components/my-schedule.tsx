import { PRESENTER_TEXTS } from '@shared/texts/staff';
import { useMe } from '@web/app/session';
import { Badge } from '@web/components/ui/badge';
import { useScheduleBoard } from '@web/features/schedule/bookings-api';
import { SlotList } from './slot-list';

/** Staff panel › My Schedule (presenters): their own slots; add, edit, delete. New ones wait for approval. */
export function MySchedule() {
  const { me } = useMe();
  const board = useScheduleBoard();
  const mine = (board.data?.slots ?? []).filter((s) => s.presenterId === me?.user.id);
  const count = board.data?.mine;
  return (
    <SlotList
      headingId="my-schedule-heading"
      title="My Schedule"
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          Shows a week
          {count ? (
            <Badge tone={count.booked >= count.minimum ? 'green' : 'amber'}>
              {PRESENTER_TEXTS.weeklyCount(count.booked, count.minimum)}
            </Badge>
          ) : null}
          · new shows go live once an admin approves them.
        </span>
      }
      query={board}
      slots={mine}
      timezone={board.data?.timezone ?? ''}
      asManager={false}
      emptyTitle="No shows booked yet"
      emptyBody="Add your first show, or book hours in the Timetable of your presenter panel."
    />
  );
}
