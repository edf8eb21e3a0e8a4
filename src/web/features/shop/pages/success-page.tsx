import type { OrderStatus } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { STREAM_OPENED } from '@web/app/realtime/realtime-client';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import { IconLink } from '@web/components/icon-link';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { CheckCircle2, Home, LogIn, ShoppingBag, UserRound, XCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { readOrdersAgain, useOrderForSession } from '../api';
import { ResultPanel } from '../components/result-panel';

const action =
  'inline-flex h-11 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-5 font-semibold text-sm transition';
const primary = `${action} bg-gradient-to-r from-pink-500 to-violet-500 text-white shadow-lg shadow-pink-500/20 hover:brightness-110`;
const secondary = `${action} border border-slate-600 bg-slate-800 text-slate-100 hover:border-slate-400`;

function Actions() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
      <IconLink to="/shop" icon={ShoppingBag} className={primary}>
        Spend Your Tokens
      </IconLink>
      <IconLink to="/profile" icon={UserRound} className={secondary}>
        View Profile
      </IconLink>
      <IconLink to="/" icon={Home} className={secondary}>
        Go Home
      </IconLink>
    </div>
  );
}

/** What a page without a paid order of this member says: nothing was bought, with the way on. */
function NothingBought({ title, body }: { title: string; body: string }) {
  return (
    <ResultPanel>
      <XCircle aria-hidden className="size-14 text-slate-400" />
      <h1 className="font-bold text-2xl text-white">{title}</h1>
      <p className="text-slate-300">{body}</p>
      <Actions />
    </ResultPanel>
  );
}

/** Why an order that is not paid added nothing. */
const NOT_PAID: Record<Exclude<OrderStatus, 'paid' | 'pending'>, string> = {
  expired: 'This checkout was not completed, so nothing was charged.',
  failed: 'This payment did not go through, so nothing was charged.',
  refunded: 'This purchase was refunded, so its tokens were taken back.',
  disputed: 'This payment is disputed, so its tokens are on hold.',
};

/**
 * /success?session_id=…: the order behind the checkout's return URL, read from the server as the
 * member's own (another member's, or an unknown id, is not found). 'Processing your purchase...' until
 * the server says it is paid (pushed over the event stream, never a fixed wait), then the tokens-added
 * panel. Only a paid order of this member shows a credit: the page opened from a bookmark, with the back
 * button or without a checkout says nothing was bought.
 */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const product = params.get('product');
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const order = useOrderForSession(me ? sessionId : null);
  const queryClient = useQueryClient();
  // Opened after the first read: read once more (the order's own event is handled app-wide, in
  // useShopEvents); from then on the order's event cannot be missed.
  useRealtimeEvent(STREAM_OPENED, () => void readOrdersAgain(queryClient));

  if (!me) {
    return (
      <ResultPanel>
        <p className="text-slate-300">Please log in to see your purchase.</p>
        <Button icon={<LogIn aria-hidden className="size-4" />} onClick={() => openAuth('login')}>
          Login
        </Button>
      </ResultPanel>
    );
  }
  if (!sessionId) {
    return (
      <NothingBought
        title={SHOP_TEXTS.nothingBought}
        body="This page shows a purchase right after you pay for it. Top up your tokens in the shop."
      />
    );
  }
  const status = order.data?.order.status;
  if (order.isPending || status === 'pending') {
    return (
      <ResultPanel>
        <Spinner size="lg" className="text-pink-400" />
        <p role="status" className="font-semibold text-lg text-white">
          {SHOP_TEXTS.processing}
        </p>
        <p className="text-slate-300 text-sm">Your payment went through; we are adding your tokens.</p>
      </ResultPanel>
    );
  }
  if (!order.data || status !== 'paid') {
    const missing = !order.data && isApiError(order.error) && order.error.status === 404;
    if (missing) {
      return (
        <NothingBought
          title="Purchase not found"
          body={`We could not find this purchase on your account. ${SHOP_TEXTS.nothingBought}.`}
        />
      );
    }
    return (
      <NothingBought
        title="No tokens were added"
        body={
          status && status !== 'paid' ? NOT_PAID[status] : errorMessage(order.error, SHOP_TEXTS.purchaseError)
        }
      />
    );
  }
  const { wallet } = order.data;
  return (
    <ResultPanel>
      <CheckCircle2 aria-hidden className="size-14 text-emerald-300" />
      <h1 className="font-extrabold text-3xl text-white">Tokens Added!</h1>
      <p className="font-semibold text-pink-300 text-xl">+{order.data.order.tokens} tokens</p>
      {product ? <p className="text-slate-300">Thank you for buying {product}.</p> : null}
      <dl className="grid w-full grid-cols-2 gap-3">
        <div className="rounded-xl border border-slate-700 bg-slate-950/40 p-4">
          <dt className="text-slate-300 text-sm">Your balance</dt>
          <dd data-testid="success-balance" className="font-extrabold text-3xl text-white">
            {wallet.balance}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-700 bg-slate-950/40 p-4">
          <dt className="text-slate-300 text-sm">Total earned</dt>
          <dd className="font-extrabold text-3xl text-white">{wallet.totalEarned}</dd>
        </div>
      </dl>
      <Actions />
    </ResultPanel>
  );
}
