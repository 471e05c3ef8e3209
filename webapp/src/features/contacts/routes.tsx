import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';

const ContactsPage = lazyPage(() => import('./ContactsPage').then((page) => page.ContactsPage));
const ContactPage = lazyPage(() => import('./ContactPage').then((page) => page.ContactPage));
const ContactListsPage = lazyPage(() =>
  import('./ContactListsPage').then((page) => page.ContactListsPage),
);
const ContactListPage = lazyPage(() =>
  import('./ContactListPage').then((page) => page.ContactListPage),
);

/** The contacts module's side menu (spec 1 §2): Kontakter, Kontaktlister. */
const contactsNav: SideNavItem[] = [
  { label: 'contacts.nav.contacts', to: '/contacts' },
  { label: 'contacts.nav.lists', to: '/contacts/contact-lists' },
];

/** Contacts and contact lists (spec 1 §2), with the module's side menu. */
export const areaRoutes: AreaRoutes = {
  rank: 40,
  routes: [
    {
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
    },
  ],
};
