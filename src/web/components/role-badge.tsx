import { formatRoleName } from '@shared/permissions';
import { Shield } from 'lucide-react';
import { Badge, roleTone } from './ui/badge';

export { formatRoleName };

/** A badge naming a profile role; nothing for the default role 'user'. */
export function RoleBadge({ role }: { role: string }) {
  if (role === 'user') return null;
  return (
    <Badge tone={roleTone(role)} icon={<Shield aria-hidden className="size-3" />}>
      <span data-testid="role-badge">{formatRoleName(role)}</span>
    </Badge>
  );
}
