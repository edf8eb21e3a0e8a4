import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyEmbed } from '../composer-state';
import { DiscordPreview } from './discord-preview';

function preview(content: string, description = '') {
  const embeds = description ? [{ ...emptyEmbed(), title: 'News', description }] : [];
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <DiscordPreview draft={{ content, embeds }} />
    </QueryClientProvider>,
  );
}

describe('the composer’s live preview', () => {
  it('shows the message and embed text formatted as Discord shows them, not raw Markdown', () => {
    const html = preview(
      '📢 **Station announcement** with __news__ and `code`',
      'Read [the story](https://radio.example/news) ~~today~~',
    );
    expect(html).toContain('<strong>Station announcement</strong>');
    expect(html).toContain('<u>news</u>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<a href="https://radio.example/news"');
    expect(html).toContain('<s>today</s>');
    expect(html).not.toContain('**Station');
  });

  it('shows typed HTML as text', () => {
    const html = preview('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });
});
