import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { ClientConfig, ClientModule } from '../../api/appApi';
import { useAppSelector } from '../../app/hooks';
import { useModuleName } from './moduleName';

export const SIDEBAR_ID = 'tb-sidebar';

interface SidebarProps {
  client: ClientConfig | null;
  modules: ClientModule[];
}

/** The client's modules (icon, name, url) in the club's order. Collapsed, only the icons show. */
export function Sidebar({ client, modules }: SidebarProps) {
  const { t } = useTranslation();
  const open = useAppSelector((state) => state.uiPrefs.sidebarOpen);
  const nameOf = useModuleName();
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
                  title={open ? undefined : nameOf(module)}
                  aria-label={open ? undefined : nameOf(module)}
                >
                  <i className={module.icon} aria-hidden="true" />
                  {open && <span>{nameOf(module)}</span>}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
    </aside>
  );
}
