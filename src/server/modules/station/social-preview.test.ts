import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedBackend } from '../../test/scripted-backend';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderSocialPreview } from './social-preview';

const INDEX = `<html><head><meta name="description" content="x" /><meta property="og:title" content="OnAir" /><title>OnAir</title></head><body></body></html>`;

let t: TestApp;
let backend: ScriptedBackend;
beforeAll(async () => {
  backend = new ScriptedBackend();
  t = await createTestApp({}, undefined, { radioBackend: backend });
  await backend.start(t.app.ctx.station.nowPlaying);
});
afterAll(async () => t.close());

describe('social preview (rich presence fallback)', () => {
  it('names the station when nothing is known, then the song on air, escaped', async () => {
    const idle = await renderSocialPreview(t.app.ctx, INDEX);
    expect(idle).toContain('<title>OnAir Radio</title>');
    await backend.sink!.trackChanged({
      title: 'Rock & <Roll>',
      artist: 'The "Quoted"',
      album: null,
      art: null,
      source: 'autodj',
      startedAt: new Date(),
      sequence: 1,
      streamerName: null,
    });
    await t.app.ctx.station.nowPlaying.idle();
    const html = await renderSocialPreview(t.app.ctx, INDEX);
    expect(html).toContain('<title>Rock &amp; &lt;Roll&gt; – The &quot;Quoted&quot; · OnAir Radio</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Rock &amp; &lt;Roll&gt; – The &quot;Quoted&quot; · OnAir Radio"',
    );
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/station-art.svg"');
    expect(html).toContain('Now playing on OnAir Radio: Rock &amp; &lt;Roll&gt; by The &quot;Quoted&quot;.');
  });
});
