import type { Me } from '@shared/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { moreMenuItems } from './nav-items';

describe('the More menu', () => {
  it('shows visitors the public pages only', () => {
    expect(moreMenuItems(null).map((i) => i.to)).toEqual(['/listen-again', '/streamers', '/apply']);
  });

  it('gives a member the presenter chat, support and their training quizzes', () => {
    const me = { user: { id: 'u1' } } as unknown as Me;
    expect(moreMenuItems(me).map((i) => i.label)).toEqual([
      'Listen Again',
      'Streamers',
      'Presenter Chat',
      'Apply',
      'Support',
      'Training',
    ]);
  });
});
