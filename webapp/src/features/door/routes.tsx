import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const DoorScanPage = lazyPage(() => import('./DoorScanPage').then((page) => page.DoorScanPage));

/**
 * The door's scan mode of an event (issue 18): /events/{id}/door, which covers the whole screen
 * itself. The router joins it under the events area's /events, whose handle names the module and
 * the side menu; it ranks after that area. Staff only, in either mode: its 'door' outranks the
 * public page's ':orderId'.
 */
export const areaRoutes: AreaRoutes = {
  rank: 66,
  routes: [
    {
      path: 'events',
      children: [
        {
          path: ':id/door',
          element: <DoorScanPage />,
          handle: { name: 'event-door', crumb: 'door.crumb' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
