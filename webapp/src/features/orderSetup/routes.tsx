import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';

const OrderCategoriesPage = lazyPage(() =>
  import('./OrderCategoriesPage').then((page) => page.OrderCategoriesPage),
);
const OrderCategoryPage = lazyPage(() =>
  import('./OrderCategoryPage').then((page) => page.OrderCategoryPage),
);
const SeasonsPage = lazyPage(() => import('./SeasonsPage').then((page) => page.SeasonsPage));
const SeasonPage = lazyPage(() => import('./SeasonPage').then((page) => page.SeasonPage));
const FieldsPage = lazyPage(() => import('./FieldsPage').then((page) => page.FieldsPage));
const FieldPage = lazyPage(() => import('./FieldPage').then((page) => page.FieldPage));
const DiscountCodesPage = lazyPage(() =>
  import('./DiscountCodesPage').then((page) => page.DiscountCodesPage),
);
const DiscountCodePage = lazyPage(() =>
  import('./DiscountCodePage').then((page) => page.DiscountCodePage),
);

/** The order setup's entries of the orders module's side menu, after the orders' own. */
const orderSetupNav: SideNavItem[] = [
  { label: 'orderSetup.nav.categories', to: '/orders/categories' },
  { label: 'orderSetup.nav.seasons', to: '/orders/seasons' },
  { label: 'orderSetup.nav.fields', to: '/orders/fields' },
  { label: 'orderSetup.nav.discountCodes', to: '/orders/discount-codes' },
];

/** The orders module's catalogue (spec 3 §2): categories, seasons, fields and discount codes. */
export const areaRoutes: AreaRoutes = {
  rank: 55,
  routes: [
    {
      path: 'orders',
      handle: { module: 'orders', sideNav: orderSetupNav } satisfies RouteHandle,
      children: [
        listAndEditor(
          'categories',
          'order-categories',
          'orderSetup.categories.title',
          <OrderCategoriesPage />,
          <OrderCategoryPage />,
          'orderSetup.categories.editorTitle',
        ),
        listAndEditor(
          'seasons',
          'seasons',
          'orderSetup.seasons.title',
          <SeasonsPage />,
          <SeasonPage />,
          'orderSetup.seasons.editorTitle',
        ),
        listAndEditor(
          'fields',
          'fields',
          'orderSetup.fields.listTitle',
          <FieldsPage />,
          <FieldPage />,
          'orderSetup.customFields.editorTitle',
        ),
        listAndEditor(
          'discount-codes',
          'discount-codes',
          'orderSetup.discountCodes.title',
          <DiscountCodesPage />,
          <DiscountCodePage />,
          'orderSetup.discountCodes.editorTitle',
        ),
      ],
    },
  ],
};
