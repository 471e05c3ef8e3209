import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const EsignPage = lazyPage(() => import('./EsignPage').then((page) => page.EsignPage));
const VerifyPage = lazyPage(() => import('./VerifyPage').then((page) => page.VerifyPage));

/** Signing a contract from the mailed link: public, no session, always in the public layout. */
const esign: RouteHandle = {
  name: 'contract-esign',
  public: true,
  publicLayout: true,
  ownBrand: true,
  crumb: 'esign.crumb',
};

/** The contract e-sign page (spec 3 §2), under both of the link's shapes. */
export const areaRoutes: AreaRoutes = {
  rank: 25,
  routes: [
    { path: 'contracts/esign/:id', element: <EsignPage />, handle: esign },
    { path: 'contracts/:id/esign', element: <EsignPage />, handle: esign },
    // Where the signing certificate sends anyone who wants to check a copy.
    {
      path: 'contracts/verify',
      element: <VerifyPage />,
      handle: { ...esign, name: 'contract-verify', crumb: 'esign.verify.title' },
    },
  ],
};
