import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const InvoicesPage = lazyPage(() => import('./InvoicesPage').then((page) => page.InvoicesPage));

/** The orders module's invoices list (spec 3 §2: list only, no detail route). */
export const areaRoutes: AreaRoutes = {
  rank: 53,
  routes: [
    {
      path: 'orders',
      handle: { module: 'orders' } satisfies RouteHandle,
      children: [
        {
          path: 'invoices',
          element: <InvoicesPage />,
          handle: { name: 'invoices', crumb: 'invoices.list.title' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
