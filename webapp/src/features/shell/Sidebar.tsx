import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { ClientConfig, ClientModule } from '../../api/appApi';
import { useAppSelector } from '../../app/hooks';

export const SIDEBAR_ID = 'tb-sidebar';

interface SidebarProps {
  client: ClientConfig | null;
  modules: ClientModule[];
}

/** The client's modules (icon, name, url) in the club's order. Collapsed, only the icons show. */
export function Sidebar({ client, modules }: SidebarProps) {
  const { t } = useTranslation();
  const open = useAppSelector((state) => state.uiPrefs.sidebarOpen);
  return (
    <aside id={SIDEBAR_ID} className={open ? 'tb-sidebar' : 'tb-sidebar tb-sidebar-collapsed'}>
      <div className="tb-sidebar-brand">
        {client?.logo ? (
          <img src={client.logo} alt="" className="tb-sidebar-logo" />
        ) : (
          <i className="pi pi-flag" aria-hidden="true" />
        )}
        {open && <span>{client?.name ?? t('common.appName')}</span>}
      </div>
      <nav aria-label={t('shell.sidebar.label')}>
        <ul>
          {[...modules]
            .sort((a, b) => a.sorting - b.sorting)
            .map((module) => (
              <li key={module.id}>
                <NavLink
                  to={module.url}
                  end={module.url === '/'}
                  className={({ isActive }) => (isActive ? 'tb-nav-link active' : 'tb-nav-link')}
                  title={open ? undefined : module.name}
                  aria-label={open ? undefined : module.name}
                >
                  <i className={module.icon} aria-hidden="true" />
                  {open && <span>{module.name}</span>}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
    </aside>
  );
}
