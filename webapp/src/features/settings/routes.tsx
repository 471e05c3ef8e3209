import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';
import { AdminOnly } from './AdminOnly';

const ClubSettingsPage = lazyPage(() =>
  import('./ClubSettingsPage').then((page) => page.ClubSettingsPage),
);
const ClubUsersPage = lazyPage(() => import('./ClubUsersPage').then((page) => page.ClubUsersPage));
const ClubUserPage = lazyPage(() => import('./ClubUserPage').then((page) => page.ClubUserPage));
const AdminUsersPage = lazyPage(() =>
  import('./AdminUsersPage').then((page) => page.AdminUsersPage),
);
const AdminUserPage = lazyPage(() => import('./AdminUserPage').then((page) => page.AdminUserPage));
const ClientsPage = lazyPage(() => import('./ClientsPage').then((page) => page.ClientsPage));
const ClientPage = lazyPage(() => import('./ClientPage').then((page) => page.ClientPage));
const ModulesPage = lazyPage(() => import('./ModulesPage').then((page) => page.ModulesPage));
const ModuleEditorPage = lazyPage(() =>
  import('./ModuleEditorPage').then((page) => page.ModuleEditorPage),
);
const AuditPage = lazyPage(() => import('./AuditPage').then((page) => page.AuditPage));
const JobsPage = lazyPage(() => import('./JobsPage').then((page) => page.JobsPage));
const ProfilePage = lazyPage(() => import('./ProfilePage').then((page) => page.ProfilePage));

/**
 * The settings area (spec 1 §2): Indstillinger, Brugere and Revision (issue 37) for club admins, and the admin group
 * (Users, Clients, Modules, Jobs) for System Admins.
 */
const settingsNav: SideNavItem[] = [
  { label: 'settings.nav.settings', to: '/settings' },
  { label: 'settings.nav.users', to: '/settings/users' },
  { label: 'settings.nav.audit', to: '/settings/audit' },
  { label: 'settings.nav.adminUsers', to: '/settings/admin-users', superAdmin: true },
  { label: 'settings.nav.clients', to: '/settings/clients', superAdmin: true },
  { label: 'settings.nav.modules', to: '/settings/modules', superAdmin: true },
  { label: 'settings.nav.jobs', to: '/settings/jobs', superAdmin: true },
];

/**
 * /profile has two variants (spec 3 §2): staff (the back office) get this area's form; anyone else
 * (a signed-in customer, in public mode) the route's child, the customer profile, which the
 * customerProfile area adds under the same path.
 */
function ProfileVariant() {
  const { publicMode } = useAppSession();
  return publicMode ? <Outlet /> : <ProfilePage />;
}

const clubAdmin = (page: ReactNode) => <AdminOnly>{page}</AdminOnly>;
const systemAdmin = (page: ReactNode) => <AdminOnly system>{page}</AdminOnly>;

/** The settings area, and the user's own profile. */
export const areaRoutes: AreaRoutes = {
  rank: 70,
  routes: [
    {
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
          path: 'audit',
          element: clubAdmin(<AuditPage />),
          handle: { name: 'audit', crumb: 'settings.nav.audit' } satisfies RouteHandle,
        },
        {
          path: 'jobs',
          element: systemAdmin(<JobsPage />),
          handle: { name: 'jobs', crumb: 'settings.nav.jobs' } satisfies RouteHandle,
        },
      ],
    },
    {
      path: 'profile',
      element: <ProfileVariant />,
      handle: { name: 'profile', crumb: 'settings.profile.title' } satisfies RouteHandle,
    },
  ],
};
