import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Medal, medalColour } from './medal';

describe('Medal', () => {
  it('draws gold, silver and bronze for the top three, as icons in their colours, and nothing after', () => {
    const html = [1, 2, 3, 4].map((position) => renderToStaticMarkup(<Medal position={position} />));
    expect(html[0]).toContain('data-medal="gold"');
    expect(html[0]).toContain('text-amber-300');
    expect(html[1]).toContain('data-medal="silver"');
    expect(html[2]).toContain('data-medal="bronze"');
    expect(html[3]).toBe('');
    for (const svg of html.slice(0, 3)) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('aria-hidden="true"');
    }
  });

  it("gives a rank beside its medal the medal's colour", () => {
    expect([1, 2, 3, 4].map(medalColour)).toEqual([
      'text-amber-300',
      'text-slate-200',
      'text-orange-300',
      undefined,
    ]);
  });
});
