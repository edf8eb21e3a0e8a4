import { useDismiss } from '@web/components/ui/use-dismiss';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useMe } from '../session';
import { STAFF_LINK, staffMenuItems } from './nav-items';
import { navLinkClass } from './nav-link-class';

/** Staff entry of the top navigation: a dropdown for admins and presenters, a plain link for others. */
export function StaffMenu() {
  const { me } = useMe();
  const items = staffMenuItems(me);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  if (!items) {
    return (
      <NavLink to={STAFF_LINK.to} className={navLinkClass}>
        {STAFF_LINK.label}
      </NavLink>
    );
  }

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className={clsx(navLinkClass({ isActive: open }), 'flex items-center gap-1')}
      >
        Staff
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
