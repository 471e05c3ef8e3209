import { createBrowserRouter, useMatches, type RouteObject } from 'react-router';
import { useAppSession } from '../api/appApi';
import { CompaniesPage } from '../features/companies/CompaniesPage';
import { CompanyPage } from '../features/companies/CompanyPage';
import { ContactListPage } from '../features/contacts/ContactListPage';
import { ContactListsPage } from '../features/contacts/ContactListsPage';
import { ContactPage } from '../features/contacts/ContactPage';
import { ContactsPage } from '../features/contacts/ContactsPage';
import { PublicHomePage } from '../features/public/PublicHomePage';
import { TermsPage } from '../features/public/TermsPage';
import { ForgotPasswordPage } from '../features/session/ForgotPasswordPage';
import { LoginPage } from '../features/session/LoginPage';
import { ResetPasswordPage } from '../features/session/ResetPasswordPage';
import { RouteGuard } from '../features/session/RouteGuard';
import { SignupPage } from '../features/session/SignupPage';
import { StartupGate } from '../features/session/StartupGate';
import { BackOfficeHomePage } from '../features/shell/BackOfficeHomePage';
import { DiscountCodePage } from '../features/orderSetup/DiscountCodePage';
import { DiscountCodesPage } from '../features/orderSetup/DiscountCodesPage';
import { FieldPage } from '../features/orderSetup/FieldPage';
import { FieldsPage } from '../features/orderSetup/FieldsPage';
import { OrderCategoriesPage } from '../features/orderSetup/OrderCategoriesPage';
import { OrderCategoryPage } from '../features/orderSetup/OrderCategoryPage';
import { SeasonPage } from '../features/orderSetup/SeasonPage';
import { SeasonsPage } from '../features/orderSetup/SeasonsPage';
import { OrderPage } from '../features/orders/OrderPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { InvoiceGroupPage } from '../features/products/InvoiceGroupPage';
import { InvoiceGroupsPage } from '../features/products/InvoiceGroupsPage';
import { ProductCategoriesPage } from '../features/products/ProductCategoriesPage';
import { ProductCategoryPage } from '../features/products/ProductCategoryPage';
import { ProductPage } from '../features/products/ProductPage';
import { ProductsPage } from '../features/products/ProductsPage';
import { AdminOnly } from '../features/settings/AdminOnly';
import { AdminUserPage } from '../features/settings/AdminUserPage';
import { AdminUsersPage } from '../features/settings/AdminUsersPage';
import { ClientPage } from '../features/settings/ClientPage';
import { ClientsPage } from '../features/settings/ClientsPage';
import { ClubSettingsPage } from '../features/settings/ClubSettingsPage';
import { ClubUserPage } from '../features/settings/ClubUserPage';
import { ClubUsersPage } from '../features/settings/ClubUsersPage';
import { JobsPage } from '../features/settings/JobsPage';
import { ModuleEditorPage } from '../features/settings/ModuleEditorPage';
import { ModulesPage } from '../features/settings/ModulesPage';
import { ProfilePage } from '../features/settings/ProfilePage';
import { ModulePage } from '../features/shell/ModulePage';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { mergeHandles, type RouteHandle, type SideNavItem } from '../shared/routeHandle';
import { BackOfficeLayout } from './layouts/BackOfficeLayout';
import { PublicLayout } from './layouts/PublicLayout';

/** Public layout in public mode and on public-layout routes; otherwise the back office. */
function ModeLayout() {
  const { publicMode } = useAppSession();
  const { publicLayout } = mergeHandles(useMatches());
  return publicMode || publicLayout ? <PublicLayout /> : <BackOfficeLayout />;
}

/** '/' is the public home in public mode and the back-office home otherwise. */
function HomePage() {
  const { publicMode } = useAppSession();
  return publicMode ? <PublicHomePage /> : <BackOfficeHomePage />;
}

const session = (name: string, crumb: string): RouteHandle => ({
  name,
  public: true,
  publicLayout: true,
  crumb,
});

/**
 * Staff routes of the module catalogue whose feature has no screens yet: the module's heading; the
 * guard already applies the module rule to it. Only the exact path is claimed, so public pages
 * below it (e.g. /events/{url}) stay free for their features. The webshop (/shop) is a public
 * route of the commerce feature and the dashboard is home.
 */
const moduleRoutes: RouteObject[] = [
  ['events', 'events'],
  ['marketing', 'marketing'],
].map(([path, module]) => ({
  path,
  element: <ModulePage />,
  handle: { name: module, module } satisfies RouteHandle,
}));

/** The contacts module's side menu (spec 1 §2): Kontakter, Kontaktlister. */
const contactsNav: SideNavItem[] = [
  { label: 'contacts.nav.contacts', to: '/contacts' },
  { label: 'contacts.nav.lists', to: '/contacts/contact-lists' },
];

/**
 * The orders module's side menu (spec 3 §2: Pipeline, Aftaler, Ordrer, Abonnementer, Fakturaer,
 * Kategorier, Sæsoner, Felter, Rabatkoder): only the entries whose screens exist are shown.
 */
const ordersNav: SideNavItem[] = [
  { label: 'orders.nav.orders', to: '/orders' },
  { label: 'orderSetup.nav.categories', to: '/orders/categories' },
  { label: 'orderSetup.nav.seasons', to: '/orders/seasons' },
  { label: 'orderSetup.nav.fields', to: '/orders/fields' },
  { label: 'orderSetup.nav.discountCodes', to: '/orders/discount-codes' },
];

/** A list and its editor ('create' for a new one) under `path`. */
function listAndEditor(
  path: string,
  name: string,
  crumb: string,
  list: React.ReactNode,
  editor: React.ReactNode,
  editorCrumb: string,
): RouteObject {
  return {
    path,
    handle: { crumb } satisfies RouteHandle,
    children: [
      { index: true, element: list, handle: { name } satisfies RouteHandle },
      {
        path: ':id',
        element: editor,
        handle: { name: `${name}-editor`, crumb: editorCrumb } satisfies RouteHandle,
      },
    ],
  };
}

/**
 * The orders module (spec 3 §2): the orders list and the order ('create' = a new draft), then
 * the catalogue's categories, seasons, fields and discount codes.
 */
const orderRoutes: RouteObject = {
  path: 'orders',
  handle: { module: 'orders', sideNav: ordersNav } satisfies RouteHandle,
  children: [
    { index: true, element: <OrdersPage />, handle: { name: 'orders' } satisfies RouteHandle },
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
    {
      path: ':id',
      element: <OrderPage />,
      handle: { name: 'order', crumb: 'orders.editor.crumb' } satisfies RouteHandle,
    },
  ],
};

/** The products module's side menu (spec 3 §2): Produkter, Kategorier, Fakturagrupper. */
const productsNav: SideNavItem[] = [
  { label: 'products.nav.products', to: '/products' },
  { label: 'products.nav.categories', to: '/products/categories' },
  { label: 'products.nav.invoiceGroups', to: '/products/invoicegroups' },
];

/** The products module: products, product categories and invoice groups. */
const productRoutes: RouteObject = {
  path: 'products',
  handle: { module: 'products', sideNav: productsNav } satisfies RouteHandle,
  children: [
    { index: true, element: <ProductsPage />, handle: { name: 'products' } satisfies RouteHandle },
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
};

/**
 * The settings area (spec 1 §2): Indstillinger and Brugere for club admins, and the admin group
 * (Users, Clients, Modules, Jobs) for System Admins.
 */
const settingsNav: SideNavItem[] = [
  { label: 'settings.nav.settings', to: '/settings' },
  { label: 'settings.nav.users', to: '/settings/users' },
  { label: 'settings.nav.adminUsers', to: '/settings/admin-users', superAdmin: true },
  { label: 'settings.nav.clients', to: '/settings/clients', superAdmin: true },
  { label: 'settings.nav.modules', to: '/settings/modules', superAdmin: true },
  { label: 'settings.nav.jobs', to: '/settings/jobs', superAdmin: true },
];

const clubAdmin = (page: React.ReactNode) => <AdminOnly>{page}</AdminOnly>;
const systemAdmin = (page: React.ReactNode) => <AdminOnly system>{page}</AdminOnly>;

const settingsRoutes: RouteObject = {
  path: 'settings',
  handle: { sideNav: settingsNav, crumb: 'settings.nav.settings' } satisfies RouteHandle,
  children: [
    {
      index: true,
      element: clubAdmin(<ClubSettingsPage />),
      handle: { name: 'settings' } satisfies RouteHandle,
    },
    listAndEditor(
      'users',
      'client-users',
      'settings.nav.users',
      clubAdmin(<ClubUsersPage />),
      clubAdmin(<ClubUserPage />),
      'settings.users.editorTitle',
    ),
    listAndEditor(
      'admin-users',
      'admin-users',
      'settings.nav.adminUsers',
      systemAdmin(<AdminUsersPage />),
      systemAdmin(<AdminUserPage />),
      'settings.adminUsers.editorTitle',
    ),
    listAndEditor(
      'clients',
      'clients',
      'settings.nav.clients',
      systemAdmin(<ClientsPage />),
      systemAdmin(<ClientPage />),
      'settings.clients.editorTitle',
    ),
    listAndEditor(
      'modules',
      'modules',
      'settings.nav.modules',
      systemAdmin(<ModulesPage />),
      systemAdmin(<ModuleEditorPage />),
      'settings.modules.editorTitle',
    ),
    {
      path: 'jobs',
      element: systemAdmin(<JobsPage />),
      handle: { name: 'jobs', crumb: 'settings.nav.jobs' } satisfies RouteHandle,
    },
  ],
};

/** Companies (spec 1 §2): the list and the editor ('create' for a new company). */
const companyRoutes: RouteObject = {
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
};

/** Contacts and contact lists (spec 1 §2), with the module's side menu. */
const contactRoutes: RouteObject = {
  path: 'contacts',
  handle: { module: 'contacts', sideNav: contactsNav } satisfies RouteHandle,
  children: [
    {
      index: true,
      element: <ContactsPage />,
      handle: { name: 'contacts' } satisfies RouteHandle,
    },
    {
      path: 'contact-lists',
      handle: { crumb: 'contacts.lists.title' } satisfies RouteHandle,
      children: [
        {
          index: true,
          element: <ContactListsPage />,
          handle: { name: 'contact-lists' } satisfies RouteHandle,
        },
        {
          path: ':id',
          element: <ContactListPage />,
          handle: {
            name: 'contact-list',
            crumb: 'contacts.lists.editorTitle',
          } satisfies RouteHandle,
        },
      ],
    },
    {
      path: ':id',
      element: <ContactPage />,
      handle: { name: 'contact', crumb: 'contacts.editor.title' } satisfies RouteHandle,
    },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <StartupGate />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          {
            element: <ModeLayout />,
            children: [
              {
                index: true,
                element: <HomePage />,
                handle: { name: 'home' } satisfies RouteHandle,
              },
              {
                path: 'login',
                element: <LoginPage />,
                handle: session('login', 'session.login.title'),
              },
              {
                path: 'signup',
                element: <SignupPage />,
                handle: session('signup', 'session.signup.title'),
              },
              {
                path: 'forgot-password',
                element: <ForgotPasswordPage />,
                handle: session('forgot-password', 'session.forgot.title'),
              },
              {
                path: 'reset-password',
                element: <ResetPasswordPage />,
                handle: session('reset-password', 'session.reset.title'),
              },
              {
                path: 'terms',
                element: <TermsPage kind="terms" />,
                handle: {
                  name: 'terms',
                  public: true,
                  crumb: 'public.terms.title',
                } satisfies RouteHandle,
              },
              {
                path: 'subscription-terms',
                element: <TermsPage kind="subscription-terms" />,
                handle: {
                  name: 'subscription-terms',
                  public: true,
                  crumb: 'public.terms.subscriptionTitle',
                } satisfies RouteHandle,
              },
              companyRoutes,
              contactRoutes,
              orderRoutes,
              productRoutes,
              settingsRoutes,
              {
                path: 'profile',
                element: <ProfilePage />,
                handle: { name: 'profile', crumb: 'settings.profile.title' } satisfies RouteHandle,
              },
              ...moduleRoutes,
              {
                path: '*',
                element: <NotFoundPage />,
                handle: { name: 'not-found', public: true } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
