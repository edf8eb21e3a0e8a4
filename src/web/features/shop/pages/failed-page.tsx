import { SHOP_TEXTS } from '@shared/texts/shop';
import { IconLink } from '@web/components/icon-link';
import { Button } from '@web/components/ui/button';
import { ArrowLeft, Ban, CreditCard, Home, ShoppingBag, Wallet, WifiOff, XCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ResultPanel } from '../components/result-panel';

const REASONS = [
  { icon: Ban, text: 'The payment was cancelled' },
  { icon: Wallet, text: 'Insufficient funds' },
  { icon: CreditCard, text: 'The card was declined' },
  { icon: WifiOff, text: 'A network issue interrupted it' },
];

const link =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-600 bg-slate-800 px-5 font-semibold text-slate-100 text-sm transition hover:border-slate-400';

/** /failed: where a cancelled or failed card payment lands. */
export default function FailedPage() {
  const navigate = useNavigate();
  return (
    <ResultPanel>
      <XCircle aria-hidden className="size-14 text-red-300" />
      <h1 className="font-extrabold text-3xl text-white">Payment Failed</h1>
      <p className="text-slate-200">{SHOP_TEXTS.failedBody}</p>
      <div className="w-full rounded-xl border border-slate-700 bg-slate-950/40 p-4 text-left">
        <h2 className="mb-2 font-semibold text-white">This can happen when:</h2>
        <ul className="flex flex-col gap-2 text-slate-300 text-sm">
          {REASONS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon aria-hidden className="size-4 shrink-0 text-pink-300" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Button
          icon={<ArrowLeft aria-hidden className="size-4" />}
          onClick={() => navigate(-1)}
          size="lg"
          className="h-11"
        >
          Try Again
        </Button>
        <IconLink to="/shop" icon={ShoppingBag} className={link}>
          Back to Shop
        </IconLink>
        <IconLink to="/" icon={Home} className={link}>
          Go Home
        </IconLink>
      </div>
    </ResultPanel>
  );
}
