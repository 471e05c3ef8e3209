import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';

const SeatChartsPage = lazyPage(() =>
  import('./SeatChartsPage').then((page) => page.SeatChartsPage),
);
const SeatChartPage = lazyPage(() => import('./SeatChartPage').then((page) => page.SeatChartPage));

/** The seat charts' entry of the events module's side menu, after the events' own. */
const seatChartsNav: SideNavItem[] = [
  { label: 'seatCharts.nav.seatCharts', to: '/events/seat-charts' },
];

/**
 * The events module's seat charts (issue 16): /events/seat-charts and /events/seat-charts/{id}
 * ('create': the designer). The router joins them under the events area's /events, whose guard
 * asks for the module; the static 'seat-charts' outranks the event pages' ':id'.
 */
export const areaRoutes: AreaRoutes = {
  rank: 67,
  routes: [
    {
      path: 'events',
      handle: { module: 'events', sideNav: seatChartsNav } satisfies RouteHandle,
      children: [
        listAndEditor(
          'seat-charts',
          'seat-charts',
          'seatCharts.list.title',
          <SeatChartsPage />,
          <SeatChartPage />,
          'seatCharts.designer.crumb',
        ),
      ],
    },
  ],
};
