import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const ContractsPage = lazyPage(() => import('./ContractsPage').then((page) => page.ContractsPage));
const ContractPage = lazyPage(() => import('./ContractPage').then((page) => page.ContractPage));

/**
 * The orders module's contracts (spec 3 §2): /orders/contracts and /orders/contracts/{id}
 * ('create' = a new draft). A static segment outranks the orders' /orders/:id, so 'contracts' is
 * never read as an order's id. The side menu's 'Aftaler' is the orders area's.
 */
export const areaRoutes: AreaRoutes = {
  rank: 52,
  routes: [
    {
      path: 'orders',
      handle: { module: 'orders' } satisfies RouteHandle,
      children: [
        listAndEditor(
          'contracts',
          'contracts',
          'contracts.list.title',
          <ContractsPage />,
          <ContractPage />,
          'contracts.editor.crumb',
        ),
      ],
    },
  ],
};
