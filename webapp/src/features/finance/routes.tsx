import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const FinancePage = lazyPage(() => import('./FinancePage').then((page) => page.FinancePage));

/** The orders module's finance page (issue 37 §5): what finance asks daily. */
export const areaRoutes: AreaRoutes = {
  rank: 54,
  routes: [
    {
      path: 'orders',
      handle: { module: 'orders' } satisfies RouteHandle,
      children: [
        {
          path: 'finance',
          element: <FinancePage />,
          handle: { name: 'finance', crumb: 'finance.title' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
