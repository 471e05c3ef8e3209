import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';

const ProductsPage = lazyPage(() => import('./ProductsPage').then((page) => page.ProductsPage));
const ProductPage = lazyPage(() => import('./ProductPage').then((page) => page.ProductPage));
const ProductCategoriesPage = lazyPage(() =>
  import('./ProductCategoriesPage').then((page) => page.ProductCategoriesPage),
);
const ProductCategoryPage = lazyPage(() =>
  import('./ProductCategoryPage').then((page) => page.ProductCategoryPage),
);
const InvoiceGroupsPage = lazyPage(() =>
  import('./InvoiceGroupsPage').then((page) => page.InvoiceGroupsPage),
);
const InvoiceGroupPage = lazyPage(() =>
  import('./InvoiceGroupPage').then((page) => page.InvoiceGroupPage),
);

/** The products module's side menu (spec 3 §2): Produkter, Kategorier, Fakturagrupper. */
const productsNav: SideNavItem[] = [
  { label: 'products.nav.products', to: '/products' },
  { label: 'products.nav.categories', to: '/products/categories' },
  { label: 'products.nav.invoiceGroups', to: '/products/invoicegroups' },
];

/** The products module: products, product categories and invoice groups. */
export const areaRoutes: AreaRoutes = {
  rank: 60,
  routes: [
    {
      path: 'products',
      handle: { module: 'products', sideNav: productsNav } satisfies RouteHandle,
      children: [
        {
          index: true,
          element: <ProductsPage />,
          handle: { name: 'products' } satisfies RouteHandle,
        },
        listAndEditor(
          'categories',
          'product-categories',
          'products.categories.title',
          <ProductCategoriesPage />,
          <ProductCategoryPage />,
          'products.categories.editorTitle',
        ),
        listAndEditor(
          'invoicegroups',
          'invoice-groups',
          'products.invoiceGroups.title',
          <InvoiceGroupsPage />,
          <InvoiceGroupPage />,
          'products.invoiceGroups.editorTitle',
        ),
        {
          path: ':id',
          element: <ProductPage />,
          handle: { name: 'product', crumb: 'products.editor.title' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
