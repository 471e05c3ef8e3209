import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientModule } from '../../api/appApi';
import { isRouteHandle, useRouteMatches } from '../../shared/routeHandle';
import { useModuleName } from './moduleName';

/** Home, then one crumb per matched route that names itself (its crumb or its module's name). */
export function Breadcrumbs({ modules }: { modules: ClientModule[] }) {
  const { t } = useTranslation();
  const matches = useRouteMatches();
  const nameOf = useModuleName();
  const crumbs = matches.flatMap((match) => {
    if (!isRouteHandle(match.handle) || match.handle.name === 'home') return [];
    const { crumb, module } = match.handle;
    const found = module ? modules.find((candidate) => candidate.alias === module) : undefined;
    const label = crumb ? t(crumb) : found ? nameOf(found) : undefined;
    return label ? [{ path: match.pathname, label }] : [];
  });
  // Consecutive routes naming the same thing (a layout route and its index) show once.
  const unique = crumbs.filter((crumb, index) => crumbs[index - 1]?.label !== crumb.label);
  return (
    <nav aria-label={t('shell.topbar.breadcrumbs')} className="tb-breadcrumbs">
      <ol>
        <li>
          <Link to="/" aria-label={t('shell.topbar.home')}>
            <i className="pi pi-home" aria-hidden="true" />
          </Link>
        </li>
        {unique.map((crumb, index) => (
          <li key={crumb.path}>
            <i className="pi pi-angle-right" aria-hidden="true" />
            {index === unique.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.path}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
