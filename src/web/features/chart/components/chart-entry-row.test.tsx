import type { ChartEntry } from '@shared/contracts/library';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChartEntryRow } from './chart-entry-row';

const entry = (over: Partial<ChartEntry>): ChartEntry => ({
  id: 'e1',
  chartPosition: 1,
  songTitle: 'Midnight Drive',
  artist: 'The Night Owls',
  albumArt: null,
  playCount: 12,
  weeksInChart: 3,
  positionChange: 2,
  isNew: false,
  ...over,
});

/** What a listener reads in a chart row (tags stripped). */
const text = (e: ChartEntry) =>
  renderToStaticMarkup(<ChartEntryRow entry={e} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a chart row', () => {
  it('shows the song, the artist and its play count', () => {
    const row = text(entry({}));
    expect(row).toContain('Midnight Drive');
    expect(row).toContain('The Night Owls');
    expect(row).toContain('Playcount');
    expect(row).toContain('12');
    expect(renderToStaticMarkup(<ChartEntryRow entry={entry({})} />)).toContain('data-testid="chart-entry"');
  });

  it('marks a new entry', () => {
    expect(text(entry({ isNew: true, weeksInChart: 1, positionChange: 0 }))).toContain('NEW');
  });
});
