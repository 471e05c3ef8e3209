import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

// Stripe's packages come with the page only: no other screen loads them.
const PaymentPage = lazyPage(() => import('./PaymentPage').then((page) => page.PaymentPage));

/** Paying an order from the mailed link: public, no session, always in the public layout. */
const orderPayment: RouteHandle = {
  name: 'order-payment',
  public: true,
  publicLayout: true,
  crumb: 'payment.crumb',
};

/** The payment page of an order (issue 14), the link 'Send betalingslink' mails. */
export const areaRoutes: AreaRoutes = {
  rank: 26,
  routes: [{ path: 'shop/payment/:id', element: <PaymentPage />, handle: orderPayment }],
};
