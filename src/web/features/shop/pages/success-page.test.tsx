import type { Me } from '@shared/contracts/accounts';
import type { MyOrder, OrderStatus } from '@shared/contracts/shop';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '@web/app/data/query-keys';
import { AuthModalProvider } from '@web/features/auth/hooks/auth-modal-context';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import SuccessPage from './success-page';

const me = {
  user: { id: 'me', email: 'me@example.com', name: 'Me' },
  profile: { themePreference: null },
  capabilities: [],
  roles: ['user'],
  isAdmin: false,
  tokenBalance: 50,
};

/** /success as a signed-in member with 50 tokens sees it, with the server's answer for the session. */
function render(url: string, order?: { sessionId: string; status: OrderStatus }) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.me, { me: me as unknown as Me });
  if (order) {
    const answer: z.infer<typeof MyOrder> = {
      order: {
        id: 'o1',
        tokens: 50,
        amountGbp: 50,
        status: order.status,
        createdAt: new Date(0).toISOString(),
      } as z.infer<typeof MyOrder>['order'],
      wallet: { balance: 50, totalEarned: 50, totalSpent: 0 },
    };
    queryClient.setQueryData(queryKeys.shop.order(order.sessionId), answer);
  }
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <AuthModalProvider>
        <MemoryRouter initialEntries={[url]}>
          <SuccessPage />
        </MemoryRouter>
      </AuthModalProvider>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the /success page', () => {
  it('says nothing was bought when opened without a checkout (a bookmark, the back button)', () => {
    const text = render('/success');
    expect(text).not.toContain('Tokens Added!');
    expect(text).toContain('Nothing was bought');
    expect(render('/success?product=VIP')).not.toContain('Tokens Added!');
  });

  it('shows the credit only for the member’s paid order', () => {
    const paid = render('/success?session_id=cs_paid', { sessionId: 'cs_paid', status: 'paid' });
    expect(paid).toContain('Tokens Added!');
    expect(paid).toContain('+50 tokens');
    for (const status of ['expired', 'failed', 'refunded', 'disputed'] as const) {
      const text = render(`/success?session_id=cs_${status}`, { sessionId: `cs_${status}`, status });
      expect(text, status).not.toContain('Tokens Added!');
      expect(text, status).toContain('No tokens were added');
    }
    expect(render('/success?session_id=cs_wait', { sessionId: 'cs_wait', status: 'pending' })).toContain(
      'Processing your purchase...',
    );
  });
});
