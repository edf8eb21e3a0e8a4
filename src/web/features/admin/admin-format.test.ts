import { describe, expect, it } from 'vitest';
import { formatGbp, formatSpan } from './admin-format';

describe('admin figures', () => {
  it('show revenue in pounds with 2 decimals on the dashboard and none on analytics', () => {
    expect(formatGbp(0, 2)).toBe('£0.00');
    expect(formatGbp(1234.5, 2)).toBe('£1,234.50');
    expect(formatGbp(1234.5, 0)).toBe('£1,235');
    expect(formatGbp(0, 0)).toBe('£0');
  });

  it('say how long a state has lasted', () => {
    const now = new Date('2026-11-18T12:00:00Z');
    expect(formatSpan('2026-11-18T11:59:15Z', now)).toBe('45 s');
    expect(formatSpan('2026-11-18T11:48:00Z', now)).toBe('12 min');
    expect(formatSpan('2026-11-18T08:55:00Z', now)).toBe('3 h 05 min');
    expect(formatSpan('2026-11-16T08:00:00Z', now)).toBe('2 days 4 h');
  });
});
