/** Formatting for the admin panel's figures. */

/** '£1,234.50' (the dashboard) or '£1,235' (analytics): revenue is shown in GBP. */
export function formatGbp(amount: number, decimals: 0 | 2): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}

export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-GB').format(n);
}

/** '45 s', '12 min', '3 h 05 min', '2 days 4 h': how long a state has lasted. */
export function formatSpan(fromIso: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(fromIso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}
