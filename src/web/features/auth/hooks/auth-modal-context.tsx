import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export type AuthTab = 'login' | 'signup';

interface AuthModalState {
  open: boolean;
  tab: AuthTab;
  openAuth: (tab: AuthTab) => void;
  setTab: (tab: AuthTab) => void;
  close: () => void;
}

const AuthModalContext = createContext<AuthModalState | null>(null);

/** Lets any part of the app open the authentication modal on the Login or Sign Up tab. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');
  const openAuth = useCallback((next: AuthTab) => {
    setTab(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ open, tab, openAuth, setTab, close }), [open, tab, openAuth, close]);
  return <AuthModalContext value={value}>{children}</AuthModalContext>;
}

export function useAuthModal(): AuthModalState {
  const ctx = useContext(AuthModalContext);
  if (!ctx) throw new Error('useAuthModal needs <AuthModalProvider>');
  return ctx;
}
