import { QueryClientProvider } from '@tanstack/react-query';
import { AuthModalProvider } from '@web/features/auth/hooks/auth-modal-context';
import { PlayerProvider } from '@web/features/player/player-context';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './data/query-client';
import { LiveCacheEvents } from './realtime/live-cache-events';
import { RealtimeProvider } from './realtime/realtime-provider';
import { LazyToaster } from './toast/lazy-toaster';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <LiveCacheEvents />
        <AuthModalProvider>
          <PlayerProvider>{children}</PlayerProvider>
          <LazyToaster
            theme="dark"
            position="top-center"
            offset={{ top: 76 }}
            mobileOffset={{ top: 64 }}
            richColors
            closeButton
          />
        </AuthModalProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
