import { usePublicSettings } from '@web/features/settings/api';
import { clsx } from 'clsx';
import { Radio } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { onLogoTripleClick, tripleClickDetector } from '../triggers/hidden-triggers';

/**
 * The station logo, linking home. Three clicks within 500 ms fire the hidden `onLogoTripleClick` hook.
 * `iconOnly` keeps just the mark (a laptop-wide header); `below` is shown under the title (the on-air
 * marker on desktop), outside the link.
 */
export function Logo({
  compact = false,
  iconOnly = false,
  below,
}: {
  compact?: boolean;
  iconOnly?: boolean;
  below?: ReactNode;
}) {
  const { siteTitle } = usePublicSettings();
  const onClick = useMemo(() => tripleClickDetector(() => onLogoTripleClick.emit()), []);
  const link = (
    <Link
      to="/"
      onClick={onClick}
      data-testid="site-logo"
      className={clsx('flex min-w-0 items-center gap-2.5 rounded-lg', iconOnly ? 'shrink-0' : 'shrink')}
      aria-label={`${siteTitle} home`}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-pink-500 to-violet-500 shadow-pink-500/30 shadow-lg">
        <Radio aria-hidden className="size-5 text-white" />
      </span>
      {iconOnly ? null : (
        <span
          className={
            below
              ? '-translate-y-2 truncate font-extrabold text-lg text-white leading-tight tracking-tight'
              : compact
                ? 'truncate font-extrabold text-lg text-white tracking-tight'
                : 'truncate font-extrabold text-white text-xl tracking-tight'
          }
        >
          {siteTitle}
        </span>
      )}
    </Link>
  );
  if (!below || iconOnly) return link;
  return (
    <div className="relative flex min-w-0 shrink items-center">
      {link}
      <div className="absolute top-[1.375rem] left-[2.875rem]">{below}</div>
    </div>
  );
}
