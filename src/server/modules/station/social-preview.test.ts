import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { updateSiteSettings } from '../admin/site-settings.service';
import { nowPlayingSlot } from './now-playing.service';
import { renderSocialPreview } from './social-preview';

const INDEX = `<html><head><meta name="description" content="x" /><meta property="og:title" content="OnAir" /><title>OnAir</title></head><body></body></html>`;

const t = appForFile({ scripted: 'started' });

describe('social preview (rich presence fallback)', () => {
  it('names the station when nothing is known, then the song on air, escaped', async () => {
    const idle = await renderSocialPreview(t.app.ctx, INDEX);
    expect(idle).toContain('<title>OnAir Radio</title>');
    await t.backend.playTrack('Rock & <Roll>', 'The "Quoted"', 1);
    await nowPlayingSlot.of(t.app.ctx).idle();
    const html = await renderSocialPreview(t.app.ctx, INDEX);
    expect(html).toContain('<title>Rock &amp; &lt;Roll&gt; – The &quot;Quoted&quot; · OnAir Radio</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Rock &amp; &lt;Roll&gt; – The &quot;Quoted&quot; · OnAir Radio"',
    );
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/station-art.svg"');
    expect(html).toContain('Now playing on OnAir Radio: Rock &amp; &lt;Roll&gt; by The &quot;Quoted&quot;.');
  });
});

describe('social preview: no injection through replacement patterns', () => {
  // A station of its own: its site title and song would otherwise be what the test above sees first.
  const t = appForFile({ scripted: 'started' });

  const PAYLOAD = `$1 $2 $& $' $\` x" /><meta http-equiv="refresh" content="0;url=https://evil.example">`;

  it('keeps $-patterns literal and escaped in the title, artist, art, site title and description', async () => {
    await updateSiteSettings(t.app.ctx, { siteTitle: `Site ${PAYLOAD}`, siteDescription: `Desc ${PAYLOAD}` });
    expect(await renderSocialPreview(t.app.ctx, INDEX)).not.toContain('http-equiv="refresh"');

    await t.backend.playTrack(`T ${PAYLOAD}`, `A ${PAYLOAD}`, 99, {
      // Art must be an address (no spaces) to be shown at all: the same payload, without its spaces.
      art: `https://img.example/a.png?${PAYLOAD.replace(/ /g, '')}`,
    });
    await nowPlayingSlot.of(t.app.ctx).idle();
    const html = await renderSocialPreview(t.app.ctx, INDEX);
    // Exactly the original tags are there, no injected ones, and nothing of the template was duplicated.
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html.match(/<meta /g)?.length).toBe(6);
    expect(html.match(/<title>/g)?.length).toBe(1);
    expect(html).not.toContain('<meta property="og:title" content="<meta');
    const escaped = `$1 $2 $&amp; $&#39; $\` x&quot; /&gt;&lt;meta http-equiv=&quot;refresh&quot; content=&quot;0;url=https://evil.example&quot;&gt;`;
    expect(html).toContain(`<title>T ${escaped} – A ${escaped} · Site ${escaped}</title>`);
    expect(html).toContain(
      `<meta property="og:image" content="https://img.example/a.png?${escaped.replace(/ /g, '')}"`,
    );
    expect(html).toContain(`<meta property="og:site_name" content="Site ${escaped}"`);
    // Every attribute value is closed by its own quote: parse the meta tags back.
    for (const m of html.matchAll(/<meta ([a-z:]+)="([^"]*)" content="([^"]*)"/g)) {
      expect(m[3]).not.toMatch(/[<>"]/);
    }
  });
});
