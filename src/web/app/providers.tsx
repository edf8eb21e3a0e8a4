import { QueryClientProvider } from '@tanstack/react-query';
import { AuthModalProvider } from '@web/features/auth/hooks/auth-modal-context';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from './query-client';
import { RealtimeProvider } from './realtime/realtime-provider';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <AuthModalProvider>
          {children}
          <Toaster
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
