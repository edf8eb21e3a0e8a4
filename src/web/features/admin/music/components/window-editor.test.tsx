import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyDraft, newWindow } from '../playlist-form';
import { PlaylistForm } from './playlist-form';

const render = (schedule: ReturnType<typeof newWindow>[]) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PlaylistForm
        initial={{ ...emptyDraft(), kind: 'scheduled', schedule }}
        submitLabel="Create playlist"
        busy={false}
        onSubmit={() => {}}
      />
    </QueryClientProvider>,
  );

describe('the scheduled-window editor', () => {
  it('starts a new window empty: no day ticked, no start or end time', () => {
    expect(newWindow()).toEqual({ days: [], start: '', end: '' });
    const html = render([newWindow()]);
    expect(html).not.toContain('checked=""');
    expect(html).toMatch(/id="win-0-start"[^>]*value=""/);
    expect(html).toMatch(/id="win-0-end"[^>]*value=""/);
    expect(html).not.toContain('09:00');
  });

  it('writes times on the station’s 24-hour clock, as the playlist list does', () => {
    const html = render([{ days: [5, 6], start: '23:00', end: '03:00' }]);
    // A text field for HH:MM, not the browser's time field (which shows AM/PM in some locales).
    expect(html).not.toContain('type="time"');
    expect(html).toMatch(/id="win-0-start"[^>]*value="23:00"/);
    expect(html).toContain('Start (24-hour)');
    expect(html).toContain('Fri, Sat 23:00–03:00 (over midnight)');
  });
});
