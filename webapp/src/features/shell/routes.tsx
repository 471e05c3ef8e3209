import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const ModulePage = lazyPage(() => import('./ModulePage').then((page) => page.ModulePage));

/**
 * Staff routes of the module catalogue whose feature has no screens yet: the module's heading; the
 * guard already applies the module rule to it. Only the exact path is claimed, so public pages
 * below it stay free for their features. The webshop (/shop) is a public
 * route of the commerce feature and the dashboard is home.
 */
export const areaRoutes: AreaRoutes = {
  rank: 80,
  routes: [['marketing', 'marketing']].map(([path, module]) => ({
    path,
    element: <ModulePage />,
    handle: { name: module, module } satisfies RouteHandle,
  })),
};
