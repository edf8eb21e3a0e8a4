import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LogIn, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuthModal } from '../hooks/auth-modal-context';

/** A page's whole content for a visitor: what it is, why to log in, and the Login button. */
export function LoginCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const { openAuth } = useAuthModal();
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-pink-500/15 text-pink-300">
        <Icon aria-hidden className="size-7" />
      </span>
      <h1 className="font-bold text-2xl text-white">{title}</h1>
      <p className="text-slate-300">{children}</p>
      <Button onClick={() => openAuth('login')} icon={<LogIn aria-hidden className="size-4" />}>
        Login
      </Button>
    </Card>
  );
}
