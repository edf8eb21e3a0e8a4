import { clsx } from 'clsx';

/** Class for a top-navigation link; active links are highlighted. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'whitespace-nowrap rounded-lg px-2 py-2 font-medium text-sm transition',
    isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
  );
