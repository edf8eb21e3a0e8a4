/** 'manage_users' -> 'Manage users'. */
export function formatPermission(permission: string): string {
  const words = permission.split('_').filter(Boolean).join(' ');
  return words ? words[0].toUpperCase() + words.slice(1) : permission;
}

/** Dates in the staff tools read en-GB, e.g. '3 Jun 2025'. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
