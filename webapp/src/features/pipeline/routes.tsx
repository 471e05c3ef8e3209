import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const PipelinePage = lazyPage(() => import('./PipelinePage').then((page) => page.PipelinePage));

/**
 * The pipeline board at /orders/pipeline (spec 3 §2), a child of the orders module's route: the
 * router joins it to the orders' (module, side menu), and react-router ranks the static
 * 'pipeline' above the orders' ':id'. Its side menu entry is the orders module's own.
 */
export const areaRoutes: AreaRoutes = {
  rank: 52,
  routes: [
    {
      path: 'orders',
      handle: { module: 'orders' } satisfies RouteHandle,
      children: [
        {
          path: 'pipeline',
          element: <PipelinePage />,
          handle: { name: 'pipeline', crumb: 'pipeline.crumb' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
