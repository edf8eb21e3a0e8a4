import { describe, expect, it } from 'vitest';
import { cueDraft, cueInput, cueProblems } from './track-cue';

const track = (cue: Partial<Record<'cueIn' | 'cueOut' | 'fadeIn' | 'fadeOut', number | null>> = {}) => ({
  durationSeconds: 200,
  cue: { cueIn: null, cueOut: null, fadeIn: null, fadeOut: null, ...cue },
});

describe('the cue editor’s draft', () => {
  it('starts from the whole track without fades, or from what is stored', () => {
    expect(cueDraft(track())).toEqual({ cueIn: '0', cueOut: '200', fadeIn: '0', fadeOut: '0' });
    expect(cueDraft(track({ cueIn: 1.5, cueOut: 190, fadeOut: 4 }))).toEqual({
      cueIn: '1.5',
      cueOut: '190',
      fadeIn: '0',
      fadeOut: '4',
    });
  });

  it('sends numbers, and empty fields as none', () => {
    expect(cueInput({ cueIn: '2.5', cueOut: '', fadeIn: '1', fadeOut: '' })).toEqual({
      cueIn: 2.5,
      cueOut: null,
      fadeIn: 1,
      fadeOut: null,
    });
  });

  it('says what the server would refuse, by field, before saving', () => {
    const ok = { cueIn: '2', cueOut: '190', fadeIn: '3', fadeOut: '5' };
    expect(cueProblems(ok, 200)).toEqual({});
    expect(cueProblems({ ...ok, cueIn: '190' }, 200).cueIn).toMatch(/before cue out/);
    expect(cueProblems({ ...ok, cueOut: '201' }, 200).cueOut).toMatch(/3:20\.0/);
    expect(cueProblems({ ...ok, fadeIn: '188' }, 200).fadeIn).toMatch(
      /Shorter than the cued length \(3:08\.0\)/,
    );
    expect(cueProblems({ ...ok, fadeOut: '-1' }, 200).fadeOut).toMatch(/0 or more/);
  });
});
