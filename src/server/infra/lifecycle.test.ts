import { describe, expect, it } from 'vitest';
import { Lifecycle } from './lifecycle';

describe('the start and stop steps', () => {
  it('runs a phase’s steps in the order they were added, each awaited, and only that phase', async () => {
    const lifecycle = new Lifecycle();
    const ran: string[] = [];
    lifecycle.on('engine-start', 'slow', async () => {
      await new Promise((r) => setTimeout(r, 20));
      ran.push('slow');
    });
    lifecycle.on('engine-start', 'fast', () => void ran.push('fast'));
    lifecycle.on('after-engine-start', 'later', () => void ran.push('later'));
    await lifecycle.run('engine-start');
    expect(ran).toEqual(['slow', 'fast']);
    expect(lifecycle.steps('after-engine-start').map((s) => s.what)).toEqual(['later']);
    await expect(lifecycle.run('listening')).resolves.toBeUndefined();
  });

  it('stops a phase at a step that throws', async () => {
    const lifecycle = new Lifecycle();
    const ran: string[] = [];
    lifecycle.on('before-engine-start', 'fails', () => {
      throw new Error('gate');
    });
    lifecycle.on('before-engine-start', 'next', () => void ran.push('next'));
    await expect(lifecycle.run('before-engine-start')).rejects.toThrow('gate');
    expect(ran).toEqual([]);
  });
});
