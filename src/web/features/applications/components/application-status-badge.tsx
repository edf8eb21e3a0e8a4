import type { Application } from '@shared/contracts/applications';
import { Badge } from '@web/components/ui/badge';
import { APPLICATION_STATUS_LABELS } from '../application-rules';

const TONES = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

export function ApplicationStatusBadge({ status }: { status: Application['status'] }) {
  return <Badge tone={TONES[status]}>{APPLICATION_STATUS_LABELS[status]}</Badge>;
}
