import type { ChartEntry } from '@shared/contracts/library';

export type Movement =
  | { kind: 'new'; label: string }
  | { kind: 'same'; label: string }
  | { kind: 'up' | 'down'; by: number; label: string };

/**
 * How an entry moved since last week: a NEW badge for a newcomer, a neutral mark when it stayed,
 * otherwise the direction and the absolute change (positionChange > 0 means it climbed).
 */
export function chartMovement(entry: Pick<ChartEntry, 'positionChange' | 'isNew'>): Movement {
  if (entry.isNew) return { kind: 'new', label: 'New entry' };
  const change = Math.trunc(entry.positionChange);
  if (!change) return { kind: 'same', label: 'No change' };
  const by = Math.abs(change);
  const places = `${by} place${by === 1 ? '' : 's'}`;
  return change > 0
    ? { kind: 'up', by, label: `Up ${places}` }
    : { kind: 'down', by, label: `Down ${places}` };
}

/** 'YYYY-MM-DD' as an en-GB date ('22/11/2026'); the text itself when it is not a date. */
export function formatWeekEnding(weekEnding: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(weekEnding);
  if (!m) return weekEnding;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' }).format(date);
}
