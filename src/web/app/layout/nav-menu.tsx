import { useDismiss } from '@web/components/ui/use-dismiss';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { NavItem } from './nav-items';
import { navLinkClass } from './nav-link-class';
import { useCloseOnNavigate } from './use-close-on-navigate';

/** A dropdown entry of the top navigation (Staff, More): a button that opens a list of links. */
export function NavMenu({ label, items, testId }: { label: string; items: NavItem[]; testId?: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);
  const { pathname } = useLocation();
  const current = items.some((i) => pathname === i.to || pathname.startsWith(`${i.to}/`));
  useCloseOnNavigate(open, close);

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid={testId}
        onClick={() => setOpen((v) => !v)}
        className={clsx(navLinkClass({ isActive: open || current }), 'flex items-center gap-1')}
      >
        {label}
        <ChevronDown aria-hidden className={clsx('size-4 transition', open && 'rotate-180')} />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="absolute top-full left-0 z-50 mt-2 w-56 overflow-hidden rounded-xl border border-slate-700 bg-slate-900 py-1 shadow-2xl shadow-black/50"
        >
          {items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={close}
                className="block px-4 py-2.5 text-slate-100 text-sm transition hover:bg-white/5 hover:text-white"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
