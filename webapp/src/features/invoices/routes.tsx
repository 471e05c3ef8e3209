import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const InvoicesPage = lazyPage(() => import('./InvoicesPage').then((page) => page.InvoicesPage));
const InvoicePage = lazyPage(() => import('./InvoicePage').then((page) => page.InvoicePage));

/**
 * The orders module's invoices list (spec 3 §2) and, beyond the spec's list, each invoice's own
 * page for finance (issue 37 §5).
 */
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
        {
          path: 'invoices/:id',
          element: <InvoicePage />,
          handle: { name: 'invoice', crumb: 'finance.invoice.crumb' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
