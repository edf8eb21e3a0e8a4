import type { Badge } from '@shared/contracts/badges';
import { errorMessage } from '@web/app/data/api-client';
import { formatDay } from '@web/app/format-date';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { type UserBadge, useBadgeCatalogue, useMyBadges } from '../api';
import { RARITY_STYLES } from '../rarity';

function BadgeCard({ badge, unlocked }: { badge: Badge; unlocked: UserBadge | undefined }) {
  const rarity = RARITY_STYLES[badge.rarity];
  const locked = !unlocked;
  return (
    <li
      data-testid="badge-card"
      data-locked={locked}
      data-rarity={badge.rarity}
      data-code={locked ? undefined : badge.code}
      className={clsx(
        'flex flex-col items-center gap-2 rounded-2xl border p-4 text-center',
        locked ? 'border-slate-700 border-dashed bg-slate-900/60' : rarity.card,
      )}
    >
      <span
        className={clsx(
          'flex size-14 items-center justify-center rounded-full text-3xl',
          locked ? 'bg-slate-800 text-slate-500' : 'bg-slate-950/50',
        )}
      >
        {locked ? <Lock aria-label="Locked" className="size-6" /> : <span aria-hidden>{badge.icon}</span>}
      </span>
      <h3 className="font-bold text-white">{locked ? '???' : badge.name}</h3>
      <p className={clsx('font-semibold text-xs uppercase tracking-wider', rarity.text)}>{rarity.label}</p>
      <p className="text-slate-300 text-sm">
        {locked ? 'Keep exploring the station to unlock this badge.' : badge.description}
      </p>
      {unlocked ? (
        <p className="mt-auto text-slate-400 text-xs">
          Unlocked <time dateTime={unlocked.unlockedAt}>{formatDay(unlocked.unlockedAt)}</time>
        </p>
      ) : null}
    </li>
  );
}

/** The badges tab: the whole catalogue, locked ones as '???', with the progress so far. */
export function BadgeCollection() {
  const catalogue = useBadgeCatalogue();
  const mine = useMyBadges();
  if (catalogue.isPending || mine.isPending) return <LoadingState label="Loading badges..." />;
  if (catalogue.isError || mine.isError) return <Alert>{errorMessage(catalogue.error ?? mine.error)}</Alert>;

  const byCode = new Map(mine.data.badges.map((b) => [b.badge.code, b]));
  const total = catalogue.data.length;
  const unlocked = catalogue.data.filter((b) => byCode.has(b.code)).length;
  return (
    <section aria-labelledby="badges-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <HeadingBlock id="badges-heading" title="Badges" bodyClassName="text-slate-300 text-sm">
          Hidden badges are earned by exploring the station.
        </HeadingBlock>
        <p className="font-semibold text-white">
          <span data-testid="badge-progress">
            {unlocked}/{total}
          </span>{' '}
          <span className="font-normal text-slate-300">unlocked</span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Badges unlocked"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={unlocked}
        className="h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-pink-500 to-amber-400 transition-[width]"
          style={{ width: `${total ? (unlocked / total) * 100 : 0}%` }}
        />
      </div>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {catalogue.data.map((b) => (
          <BadgeCard key={b.code} badge={b} unlocked={byCode.get(b.code)} />
        ))}
      </ul>
    </section>
  );
}
