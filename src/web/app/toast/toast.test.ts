import { describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('sonner', () => {
  const toast = Object.assign((m: string) => shown.push(`plain ${m}`), {
    success: (m: string) => shown.push(`success ${m}`),
    error: (m: string) => shown.push(`error ${m}`),
    warning: (m: string) => shown.push(`warning ${m}`),
  });
  return { toast, Toaster: () => null };
});

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('toasts with the library loaded apart', () => {
  it('a toast asked for before the toaster is on the page shows once it is, in order; later ones at once', async () => {
    const { toast, toasterMounted } = await import('./toast');
    toast.success('Saved');
    toast.error('Could not send');
    await settle();
    // The library drops toasts made before its toaster mounted: none is handed over yet.
    expect(shown).toEqual([]);
    toasterMounted();
    await settle();
    expect(shown).toEqual(['success Saved', 'error Could not send']);
    toast('A new version is ready.');
    toast.warning('Careful');
    await settle();
    expect(shown).toEqual([
      'success Saved',
      'error Could not send',
      'plain A new version is ready.',
      'warning Careful',
    ]);
  });
});
