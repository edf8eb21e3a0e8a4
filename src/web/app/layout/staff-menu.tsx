import { NavLink } from 'react-router';
import { useMe } from '../session';
import { STAFF_LINK, staffMenuItems } from './nav-items';
import { navLinkClass } from './nav-link-class';
import { NavMenu } from './nav-menu';

/** Staff entry of the top navigation: a dropdown for admins and presenters, a plain link for others. */
export function StaffMenu() {
  const { me } = useMe();
  const items = staffMenuItems(me);
  if (!items) {
    return (
      <NavLink to={STAFF_LINK.to} className={navLinkClass}>
        {STAFF_LINK.label}
      </NavLink>
    );
  }
  return <NavMenu label="Staff" items={items} />;
}
