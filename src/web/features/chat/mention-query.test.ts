import { describe, expect, it } from 'vitest';
import { insertMention, matchNames, mentionAt } from './mention-query';

describe('chat @mentions', () => {
  it('finds the @word before the caret, not an email address', () => {
    expect(mentionAt('hi @jo', 6)).toEqual({ start: 3, query: 'jo' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me@jo', 10)).toBeNull();
    expect(mentionAt('hi @jo there', 12)).toBeNull();
  });
  it('suggests names starting with the word first, then names with a later word starting with it', () => {
    expect(matchNames(['Ann Lee', 'Jo Lee', 'Leo', 'ann lee'], 'le')).toEqual(['Leo', 'Ann Lee', 'Jo Lee']);
  });
  it('inserts the whole display name and a space, keeping the rest of the text', () => {
    expect(insertMention('hi @jo how', { start: 3, query: 'jo' }, 'Jo Leeway')).toEqual({
      text: 'hi @Jo Leeway how',
      caret: 14,
    });
  });
});
