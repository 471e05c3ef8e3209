import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';

const SeatChartsPage = lazyPage(() =>
  import('./SeatChartsPage').then((page) => page.SeatChartsPage),
);
const SeatChartPage = lazyPage(() => import('./SeatChartPage').then((page) => page.SeatChartPage));
const SeatChartEditPage = lazyPage(() =>
  import('./SeatChartEditPage').then((page) => page.SeatChartEditPage),
);

/** The seat charts' entry of the events module's side menu, after the events' own. */
const seatChartsNav: SideNavItem[] = [
  { label: 'seatCharts.nav.seatCharts', to: '/events/seat-charts' },
];

const seatCharts = listAndEditor(
  'seat-charts',
  'seat-charts',
  'seatCharts.list.title',
  <SeatChartsPage />,
  <SeatChartPage />,
  'seatCharts.designer.crumb',
);

/**
 * The events module's seat charts (issue 16): /events/seat-charts, /events/seat-charts/{id}
 * ('create': the designer; otherwise the chart, shown) and /events/seat-charts/{id}/edit (the
 * designer on a saved chart). The router joins them under the events area's /events, whose guard
 * asks for the module; the static 'seat-charts' outranks the event pages' ':id'.
 */
export const areaRoutes: AreaRoutes = {
  rank: 67,
  routes: [
    {
      path: 'events',
      handle: { module: 'events', sideNav: seatChartsNav } satisfies RouteHandle,
      children: [
        {
          ...seatCharts,
          children: [
            ...(seatCharts.children ?? []),
            {
              path: ':id/edit',
              element: <SeatChartEditPage />,
              handle: {
                name: 'seat-charts-edit',
                crumb: 'seatCharts.edit.crumb',
              } satisfies RouteHandle,
            },
          ],
        },
      ],
    },
  ],
};
