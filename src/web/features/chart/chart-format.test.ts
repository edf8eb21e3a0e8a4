import { describe, expect, it } from 'vitest';
import { chartMovement, formatWeekEnding } from './chart-format';

describe('chartMovement', () => {
  it('shows NEW for a newcomer, whatever the change says', () => {
    expect(chartMovement({ isNew: true, positionChange: 0 })).toEqual({ kind: 'new', label: 'New entry' });
  });

  it('shows a neutral mark when the position did not change', () => {
    expect(chartMovement({ isNew: false, positionChange: 0 }).kind).toBe('same');
  });

  it('shows the direction and the absolute change', () => {
    expect(chartMovement({ isNew: false, positionChange: 3 })).toEqual({
      kind: 'up',
      by: 3,
      label: 'Up 3 places',
    });
    expect(chartMovement({ isNew: false, positionChange: -1 })).toEqual({
      kind: 'down',
      by: 1,
      label: 'Down 1 place',
    });
  });
});

describe('chart texts', () => {
  it('writes the week ending as an en-GB date', () => {
    expect(formatWeekEnding('2026-11-22')).toBe('22/11/2026');
    expect(formatWeekEnding('soon')).toBe('soon');
  });
});
