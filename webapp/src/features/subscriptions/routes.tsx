import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const SubscriptionsPage = lazyPage(() =>
  import('./SubscriptionsPage').then((page) => page.SubscriptionsPage),
);
const SubscriptionPage = lazyPage(() =>
  import('./SubscriptionPage').then((page) => page.SubscriptionPage),
);

/**
 * The orders module's subscriptions (spec 3 §2 Subscriptions): /orders/subscriptions and
 * /orders/subscriptions/{id} ('create' = a new draft). A static segment outranks the orders'
 * /orders/:id. The side menu's 'Abonnementer' is the orders area's.
 */
export const areaRoutes: AreaRoutes = {
  rank: 52,
  routes: [
    {
      path: 'orders',
      handle: { module: 'orders' } satisfies RouteHandle,
      children: [
        listAndEditor(
          'subscriptions',
          'subscriptions',
          'subscriptions.list.title',
          <SubscriptionsPage />,
          <SubscriptionPage />,
          'subscriptions.editor.crumb',
        ),
      ],
    },
  ],
};
