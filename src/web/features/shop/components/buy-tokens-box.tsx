import type { ShopCatalogue } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { CreditCard, Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useCheckout } from '../api';

const gbp = (tokens: number) => `£${tokens.toFixed(2)}`;

/** Keeps a custom amount on the step grid inside the allowed range (10 to 1000, step 10). */
export function clampTokens(value: number, min: number, max: number) {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Buy tokens by card: the 10 and 16 packs or a custom amount. The server prices it and sends the browser
 * to Stripe's hosted checkout. Without card payments set up, it says so instead of offering a button.
 */
export function BuyTokensBox({ card }: { card: ShopCatalogue['cardPayments'] }) {
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const checkout = useCheckout();
  const [amount, setAmount] = useState(card.defaultAmount);
  const [pending, setPending] = useState<number | null>(null);
  const id = useId();

  const buy = (tokens: number) => {
    if (!me) {
      toast.error(SHOP_TEXTS.pleaseLogInForTokens);
      openAuth('login');
      return;
    }
    setPending(tokens);
    checkout.mutate(tokens, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => {
        setPending(null);
        toast.error(errorMessage(err, SHOP_TEXTS.unexpected));
      },
    });
  };
  const step = (delta: number) => setAmount((a) => clampTokens(a + delta, card.min, card.max));

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 font-bold text-white text-xl">
            <CreditCard aria-hidden className="size-5 text-pink-300" />
            Buy Tokens
          </h2>
          <p className="text-slate-300 text-sm">
            1 token = £1. Pay securely by card; your tokens arrive straight away.
          </p>
        </div>
        {!card.enabled ? (
          <p
            role="status"
            className="rounded-xl border border-slate-600 border-dashed bg-slate-950/40 p-4 text-slate-300"
          >
            {SHOP_TEXTS.cardPaymentsOff} Tokens can still be given by the station and spent in the shop.
          </p>
        ) : (
          <div className="grid gap-3 md:grid-cols-[1fr_1fr_2fr]">
            {card.packs.map((tokens) => (
              <button
                key={tokens}
                type="button"
                onClick={() => buy(tokens)}
                disabled={pending !== null}
                className="flex flex-col items-center gap-1 rounded-xl border border-slate-600 bg-slate-800 p-4 text-center transition hover:border-pink-400 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <span className="font-extrabold text-2xl text-white">{tokens} tokens</span>
                <span className="text-slate-300 text-sm">{gbp(tokens)}</span>
                <span className="mt-1 font-semibold text-pink-300 text-sm">
                  {pending === tokens ? 'Redirecting...' : 'Buy pack'}
                </span>
              </button>
            ))}
            <div className="flex flex-col gap-3 rounded-xl border border-slate-600 bg-slate-800/60 p-4">
              <label htmlFor={`${id}-custom`} className="font-semibold text-sm text-white">
                Custom amount ({card.min} to {card.max})
              </label>
              <div className="flex items-center gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`${card.step} fewer tokens`}
                  onClick={() => step(-card.step)}
                  disabled={amount <= card.min}
                  icon={<Minus aria-hidden className="size-4" />}
                />
                <input
                  id={`${id}-custom`}
                  type="number"
                  inputMode="numeric"
                  min={card.min}
                  max={card.max}
                  step={card.step}
                  value={amount}
                  onChange={(e) => setAmount(Number(e.target.value))}
                  onBlur={() => setAmount((a) => clampTokens(a, card.min, card.max))}
                  className="h-8 w-24 rounded-lg border border-slate-600 bg-slate-900 px-2 text-center font-bold text-white focus:border-pink-400"
                />
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`${card.step} more tokens`}
                  onClick={() => step(card.step)}
                  disabled={amount >= card.max}
                  icon={<Plus aria-hidden className="size-4" />}
                />
              </div>
              <Button
                busy={pending === clampTokens(amount, card.min, card.max)}
                disabled={pending !== null}
                onClick={() => {
                  const tokens = clampTokens(amount, card.min, card.max);
                  setAmount(tokens);
                  buy(tokens);
                }}
              >
                Buy {clampTokens(amount, card.min, card.max)} tokens for{' '}
                {gbp(clampTokens(amount, card.min, card.max))}
              </Button>
            </div>
          </div>
        )}
      </section>
    </Card>
  );
}
