import type { NonIndexRouteObject } from 'react-router';
import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const ModulePage = lazyPage(() => import('./ModulePage').then((page) => page.ModulePage));

/**
 * Modules of the catalogue whose feature has no screens yet, as (path, module alias): each gets a
 * page with the module's name as heading; the guard already applies the module rule to it. Only
 * the exact path is claimed, so public pages below it stay free for their features. None are
 * left: the webshop (/shop) is a public route of the commerce feature, the dashboard is home, and
 * every other module has its feature's screens.
 */
const PLACEHOLDER_MODULES: [path: string, module: string][] = [];

export const areaRoutes: AreaRoutes = {
  rank: 80,
  routes: PLACEHOLDER_MODULES.map(([path, module]): NonIndexRouteObject => ({
    path,
    element: <ModulePage />,
    handle: { name: module, module } satisfies RouteHandle,
  })),
};
