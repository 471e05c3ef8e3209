import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const CompaniesPage = lazyPage(() => import('./CompaniesPage').then((page) => page.CompaniesPage));
const CompanyPage = lazyPage(() => import('./CompanyPage').then((page) => page.CompanyPage));

/** Companies (spec 1 §2): the list and the editor ('create' for a new company). */
export const areaRoutes: AreaRoutes = {
  rank: 30,
  routes: [
    {
      path: 'companies',
      handle: { module: 'companies' } satisfies RouteHandle,
      children: [
        {
          index: true,
          element: <CompaniesPage />,
          handle: { name: 'companies' } satisfies RouteHandle,
        },
        {
          path: ':id',
          element: <CompanyPage />,
          handle: { name: 'company', crumb: 'companies.editor.title' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
