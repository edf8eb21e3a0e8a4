import { usePublicSettings } from '@web/features/settings/api';
import { Radio } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { onLogoTripleClick, tripleClickDetector } from '../hidden-triggers';

/** The station logo, linking home. Three clicks within 500 ms fire the hidden `onLogoTripleClick` hook. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { siteTitle } = usePublicSettings();
  const onClick = useMemo(() => tripleClickDetector(() => onLogoTripleClick.emit()), []);
  return (
    <Link
      to="/"
      onClick={onClick}
      data-testid="site-logo"
      className="flex min-w-0 shrink items-center gap-2.5 rounded-lg"
      aria-label={`${siteTitle} home`}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-pink-500 to-violet-500 shadow-pink-500/30 shadow-lg">
        <Radio aria-hidden className="size-5 text-white" />
      </span>
      <span
        className={
          compact
            ? 'truncate font-extrabold text-lg text-white tracking-tight'
            : 'truncate font-extrabold text-white text-xl tracking-tight'
        }
      >
        {siteTitle}
      </span>
    </Link>
  );
}
