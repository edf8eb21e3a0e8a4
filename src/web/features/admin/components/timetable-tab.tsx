import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from './coming-soon';

/** Admin Panel › Timetable: a placeholder (spec 2: 'coming soon'), naming what it will hold. */
export function TimetableTab() {
  return (
    <ComingSoon
      title="Timetable"
      icon={<CalendarDays aria-hidden className="size-6" />}
      summary="The station's week at a glance, for the people who plan it."
      features={[
        'Every presenter’s booked hours over the next 7 days, hour by hour',
        'Bookings waiting for approval, approved or rejected from here',
        'Who is short of their two shows a week',
      ]}
      meanwhile={
        <>
          Meanwhile, the published week is on the{' '}
          <Link to="/schedule" className="font-semibold text-pink-300 hover:underline">
            Schedule
          </Link>{' '}
          page.
        </>
      }
    />
  );
}
