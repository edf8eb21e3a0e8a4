import { LIMITS } from '@shared/limits';
import { Dialog } from '@web/components/ui/dialog';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { usePublicSettings } from '@web/features/settings/api';
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type AuthTab, useAuthModal } from '../hooks/auth-modal-context';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';
import { SignUpSuccess } from './sign-up-success';

const TAB_ITEMS: { id: AuthTab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
];

/** The authentication modal: Login and Sign Up tabs; closes on success. */
export function AuthModal() {
  const { open, tab, setTab, close } = useAuthModal();
  const { siteTitle } = usePublicSettings();
  const [created, setCreated] = useState<{ firstUserIsAdmin: boolean } | null>(null);

  useEffect(() => {
    if (!open) setCreated(null);
  }, [open]);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(close, LIMITS.signUpSuccessCloseMs);
    return () => clearTimeout(timer);
  }, [created, close]);

  return (
    <Dialog open={open} onClose={close} title={tab === 'login' ? 'Login' : 'Sign Up'} hideTitle>
      {created ? (
        <SignUpSuccess firstUserIsAdmin={created.firstUserIsAdmin} />
      ) : (
        <>
          <div className="mb-5 flex items-center gap-3 pr-10">
            <span className="flex size-10 items-center justify-center rounded-xl bg-gradient-to-br from-pink-500 to-violet-500">
              <Radio aria-hidden className="size-5 text-white" />
            </span>
            <div className="min-w-0">
              <p className="truncate font-bold text-white">Welcome to {siteTitle}</p>
              <p className="text-slate-400 text-sm">Like songs, send requests and join the community.</p>
            </div>
          </div>
          <Tabs
            idBase="auth"
            label="Account"
            items={TAB_ITEMS}
            value={tab}
            onChange={setTab}
            className="mb-5"
          />
          <TabPanel idBase="auth" id={tab}>
            {tab === 'login' ? (
              <LoginForm onSuccess={close} onSwitch={() => setTab('signup')} />
            ) : (
              <SignUpForm onSuccess={setCreated} onSwitch={() => setTab('login')} />
            )}
          </TabPanel>
        </>
      )}
    </Dialog>
  );
}
