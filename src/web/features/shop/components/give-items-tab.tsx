import { LIMITS } from '@shared/limits';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { errorMessage } from '@web/app/data/api-client';
import { useDebouncedValue } from '@web/app/hooks/use-debounced-value';
import { toast } from '@web/app/toast/toast';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field, Input, Select } from '@web/components/ui/input';
import { SearchInput } from '@web/components/ui/search-input';
import { clsx } from 'clsx';
import { Gift } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useAdminCatalogue, useGift, useRecipients } from '../api';

/**
 * Admin panel, Give items tab: an item and/or tokens to a member, recorded as a purchase at price 0
 * (admin_gift); the member is notified and sees it at once.
 */
export function GiveItemsTab() {
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const recipients = useRecipients(q);
  const catalogue = useAdminCatalogue();
  const gift = useGift();
  const [userId, setUserId] = useState<string | null>(null);
  const [itemId, setItemId] = useState('');
  const [tokens, setTokens] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const chosen = recipients.data?.find((m) => m.id === userId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const n = Number(tokens || 0);
    if (!userId) return setError('Choose a member.');
    if (!Number.isInteger(n) || n < 0 || n > LIMITS.giftTokensMax)
      return setError(SHOP_TEXTS.giftTokensRange);
    if (!itemId && n === 0) return setError(SHOP_TEXTS.giftNothing);
    gift.mutate(
      { userId, itemId: itemId || null, tokens: n },
      {
        onSuccess: (out) => {
          toast.success(out.message);
          setItemId('');
          setTokens('0');
        },
        onError: (err) => setError(errorMessage(err, SHOP_TEXTS.giveError)),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex max-w-3xl flex-col gap-4">
      <HeadingBlock id={`${id}-title`} title="Give Items">
        Gift an item, tokens or both. Members are notified.
      </HeadingBlock>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4 rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 font-medium text-slate-300 text-sm">Member</legend>
          <SearchInput
            aria-label="Search members by name or email"
            placeholder="Search by name or email..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <ul className="max-h-56 overflow-y-auto rounded-lg border border-slate-700" aria-label="Members">
            {(recipients.data ?? []).map((m) => (
              <li key={m.id}>
                <label
                  className={clsx(
                    'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-white/5',
                    m.id === userId && 'bg-pink-500/15',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-member`}
                    className="accent-pink-500"
                    checked={m.id === userId}
                    onChange={() => setUserId(m.id)}
                  />
                  <span className="min-w-0 flex-1 truncate text-white">{m.displayName}</span>
                  <span className="text-slate-400">{m.balance} tokens</span>
                </label>
              </li>
            ))}
            {recipients.data?.length === 0 ? (
              <li className="px-3 py-4 text-center text-slate-400 text-sm">No members found</li>
            ) : null}
          </ul>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-item`} label="Item (optional)">
            <Select id={`${id}-item`} value={itemId} onChange={(e) => setItemId(e.target.value)}>
              <option value="">No item</option>
              {(catalogue.data?.items ?? []).map((i) => (
                <option key={i.id} value={i.id}>
                  {i.icon ? `${i.icon} ` : ''}
                  {i.name}
                  {i.stockQuantity === 0 ? ' (sold out)' : ''}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id={`${id}-tokens`}
            label="Tokens"
            hint={`A whole number from 0 to ${LIMITS.giftTokensMax}.`}
          >
            <Input
              id={`${id}-tokens`}
              type="number"
              min={0}
              max={LIMITS.giftTokensMax}
              step={1}
              inputMode="numeric"
              value={tokens}
              onChange={(e) => setTokens(e.target.value)}
            />
          </Field>
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-300 text-sm">
            {chosen ? `To ${chosen.displayName}` : 'Choose a member above.'}
          </p>
          <Button type="submit" busy={gift.isPending} icon={<Gift aria-hidden className="size-4" />}>
            Give
          </Button>
        </div>
      </form>
    </section>
  );
}
