import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range';

describe('Range headers against a 100-byte file', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=99-99', { start: 99, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=150-200', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=9-0', null],
    ['bytes=0-1,5-6', null],
    ['items=0-9', null],
    ['bytes=-', null],
    ['bytes=a-b', null],
  ])('%s → %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('an empty file has no satisfiable range', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
  });
});
