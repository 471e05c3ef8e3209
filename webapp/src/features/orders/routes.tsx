import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';

const OrdersPage = lazyPage(() => import('./OrdersPage').then((page) => page.OrdersPage));
const OrderPage = lazyPage(() => import('./OrderPage').then((page) => page.OrderPage));

/**
 * The orders module's side menu (spec 3 §2: Pipeline, Aftaler, Ordrer, Abonnementer, Fakturaer,
 * Kategorier, Sæsoner, Felter, Rabatkoder), with Økonomi after Fakturaer (issue 37 §5). The order setup adds its own entries after these.
 */
const ordersNav: SideNavItem[] = [
  { label: 'contracts.nav.pipeline', to: '/orders/pipeline' },
  { label: 'contracts.nav.contracts', to: '/orders/contracts' },
  { label: 'orders.nav.orders', to: '/orders' },
  { label: 'subscriptions.nav.subscriptions', to: '/orders/subscriptions' },
  { label: 'invoices.list.title', to: '/orders/invoices' },
  { label: 'finance.nav', to: '/orders/finance' },
];

/**
 * The orders module (spec 3 §2): the orders list and the order ('create' = a new draft). The
 * catalogue's categories, seasons, fields and discount codes join them from the order setup.
 */
export const areaRoutes: AreaRoutes = {
  rank: 50,
  routes: [
    {
      path: 'orders',
      handle: { module: 'orders', sideNav: ordersNav } satisfies RouteHandle,
      children: [
        { index: true, element: <OrdersPage />, handle: { name: 'orders' } satisfies RouteHandle },
        {
          path: ':id',
          element: <OrderPage />,
          handle: { name: 'order', crumb: 'orders.editor.crumb' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
