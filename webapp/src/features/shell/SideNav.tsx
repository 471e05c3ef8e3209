import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAppSession } from '../../api/appApi';
import type { SideNavItem } from '../../shared/routeHandle';

/** The side navigation of a route (e.g. Kontakter / Kontaktlister); routes without one show none. */
export function SideNav({ items }: { items: SideNavItem[] }) {
  const { t } = useTranslation();
  const { user } = useAppSession();
  const shown = items.filter((item) => !item.superAdmin || user?.superAdmin);
  return (
    <nav className="tb-sidenav" aria-label={t('shell.sidebar.subNav')}>
      <ul>
        {shown.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) => (isActive ? 'tb-nav-link active' : 'tb-nav-link')}
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
