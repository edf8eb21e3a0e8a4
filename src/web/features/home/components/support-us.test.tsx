import type { PublicSettings } from '@shared/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { publicSettingsQuery } from '@web/features/settings/api';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SupportUs } from './support-us';

function render(donation: PublicSettings['donation']) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(publicSettingsQuery.queryKey, {
    siteTitle: 'Night Owl FM',
    siteDescription: '',
    donation,
  } satisfies PublicSettings);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <SupportUs />
    </QueryClientProvider>,
  );
}

describe('the Support us box', () => {
  it('Donate opens the station’s donation page in a new tab, with this month’s goal and amount raised', () => {
    const html = render({ url: 'https://ko-fi.com/nightowlfm', goalGbp: 250, raisedGbp: 87.5 });
    expect(html).toMatch(/<a [^>]*href="https:\/\/ko-fi.com\/nightowlfm"[^>]*target="_blank"/);
    expect(html).toContain('Donate');
    expect(html).toContain('£87.50');
    expect(html).toContain('raised of £250 target');
    expect(html).toContain('35% of this month');
  });

  it('shows no Donate button while no donation link is set', () => {
    const html = render({ url: null, goalGbp: 100, raisedGbp: 0 });
    expect(html).not.toContain('Donate');
    expect(html).not.toContain('href="#support"');
    expect(html).toContain('raised of £100 target');
  });
});
