import { Shield } from 'lucide-react';
import { Badge, roleTone } from './ui/badge';

/** 'news_reporter' -> 'News Reporter'. */
export function formatRoleName(role: string): string {
  return role
    .split('_')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** A badge naming a profile role; nothing for the default role 'user'. */
export function RoleBadge({ role }: { role: string }) {
  if (role === 'user') return null;
  return (
    <Badge tone={roleTone(role)} icon={<Shield aria-hidden className="size-3" />}>
      <span data-testid="role-badge">{formatRoleName(role)}</span>
    </Badge>
  );
}
