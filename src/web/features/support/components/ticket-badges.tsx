import type { Ticket } from '@shared/contracts/support';
import { Badge } from '@web/components/ui/badge';

export const STATUS_LABEL: Record<Ticket['status'], string> = {
  open: 'Open',
  in_progress: 'In Progress',
  closed: 'Closed',
};
const STATUS_TONE = { open: 'green', in_progress: 'amber', closed: 'neutral' } as const;
const PRIORITY_TONE = { low: 'neutral', normal: 'blue', high: 'amber', urgent: 'red' } as const;
export const CATEGORY_LABEL: Record<Ticket['category'], string> = {
  general: 'General',
  partnership: 'Partnership',
  technical: 'Technical',
  other: 'Other',
};

export function StatusBadge({ status }: { status: Ticket['status'] }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

export function PriorityBadge({ priority }: { priority: Ticket['priority'] }) {
  return (
    <Badge tone={PRIORITY_TONE[priority] ?? 'neutral'}>{priority[0].toUpperCase() + priority.slice(1)}</Badge>
  );
}
