import { describe, expect, it, vi } from 'vitest';
import { onLogoTripleClick, tripleClickDetector } from './hidden-triggers';

describe('tripleClickDetector', () => {
  it('fires on three clicks within 500 ms, then starts counting again', () => {
    let now = 0;
    const fire = vi.fn();
    const click = tripleClickDetector(fire, 500, () => now);
    click();
    now = 200;
    click();
    now = 450;
    click();
    expect(fire).toHaveBeenCalledTimes(1);
    now = 500;
    click();
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('does not fire when the clicks are spread over more than 500 ms', () => {
    let now = 0;
    const fire = vi.fn();
    const click = tripleClickDetector(fire, 500, () => now);
    click();
    now = 300;
    click();
    now = 600;
    click();
    expect(fire).not.toHaveBeenCalled();
    now = 700;
    click();
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('exposes a hook point others can subscribe to', () => {
    const listener = vi.fn();
    const off = onLogoTripleClick.subscribe(listener);
    onLogoTripleClick.emit();
    off();
    onLogoTripleClick.emit();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
