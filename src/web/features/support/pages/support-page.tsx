import { LOADING_TEXTS } from '@shared/texts/common';
import { SUPPORT_TEXTS } from '@shared/texts/support';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { LifeBuoy, LogIn } from 'lucide-react';
import { SupportCentre } from '../components/support-centre';

/** /support: the support centre; visitors are asked to log in. */
export default function SupportPage() {
  const { me, isPending } = useMe();
  const { openAuth } = useAuthModal();
  if (isPending) return <LoadingState label={LOADING_TEXTS.generic} />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="flex items-center gap-3 font-extrabold text-3xl text-white tracking-tight">
          <LifeBuoy aria-hidden className="size-8 text-pink-400" />
          Support Centre
        </h1>
      </header>
      {me ? (
        <SupportCentre />
      ) : (
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-12 text-center">
          <p className="text-slate-200">{SUPPORT_TEXTS.loginRequired}</p>
          <Button onClick={() => openAuth('login')} icon={<LogIn aria-hidden className="size-4" />}>
            Login
          </Button>
        </Card>
      )}
    </div>
  );
}
