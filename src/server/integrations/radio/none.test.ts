import { describe, expect, it } from 'vitest';
import { NoneBackend } from './none';
import { RadioBackendError } from './types';

describe('the none backend', () => {
  it('runs, says the station is not configured, and refuses what it cannot do', async () => {
    const b = new NoneBackend();
    await b.start();
    expect(b.streamUrl).toBeNull();
    const s = await b.status();
    expect(s).toMatchObject({ kind: 'none', configured: false, onAir: false });
    expect(s.details[0].value).toMatch(/Not configured/);
    await expect(b.command('skip')).rejects.toBeInstanceOf(RadioBackendError);
    await expect(b.listStreamers()).rejects.toThrow(/not configured/i);
    await b.stop();
  });
});
