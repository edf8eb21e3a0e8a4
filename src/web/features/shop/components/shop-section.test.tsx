import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShopSection } from './shop-section';

describe('a shop section', () => {
  it('says so when it has nothing for sale yet, under its heading', () => {
    const html = renderToStaticMarkup(
      <ShopSection category={{ slug: 'icons', name: 'Username Icons', icon: '😎' }} items={[]}>
        {() => null}
      </ShopSection>,
    );
    expect(html).toContain('Username Icons');
    expect(html).toContain('Nothing in this section yet. Check back soon!');
  });
});
