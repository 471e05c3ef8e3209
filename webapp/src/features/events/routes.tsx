import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';

const EventsPage = lazyPage(() => import('./EventsPage').then((page) => page.EventsPage));
const EventPage = lazyPage(() => import('./EventPage').then((page) => page.EventPage));
const EventTypesPage = lazyPage(() =>
  import('./EventTypesPage').then((page) => page.EventTypesPage),
);
const EventTypePage = lazyPage(() => import('./EventTypePage').then((page) => page.EventTypePage));

/** The events module's side menu (spec 2 §2): Arrangementer, Typer. */
const eventsNav: SideNavItem[] = [
  { label: 'events.nav.events', to: '/events' },
  { label: 'events.nav.types', to: '/events/types' },
];

/**
 * /events and /events/{id} are the public event pages too (spec 2 §2 "Public routes"): the list of
 * upcoming events and the event page of a slug, with its order confirmation at /events/{url}/{id}.
 * Like /profile, one path shows the staff page in the back office and, in public mode, its child:
 * the public pages are other areas' (the public area's list, the publicEvents area's event page),
 * which the router joins under these routes. Their handles pass the guard in public mode only
 * (`publicInPublicMode`), so the staff pages still ask for the module and a login.
 */
function StaffOrPublic({ staff }: { staff: ReactNode }) {
  const { publicMode } = useAppSession();
  return publicMode ? <Outlet /> : staff;
}

/**
 * The events module's staff screens (spec 2 §2 "Staff routes"): /events and /events/{id}
 * ('create' = new), /events/types and /events/types/{id}; the door area joins /events/{id}/door,
 * the door's scan mode, to this /events. The static 'types' outranks ':id'. It ranks before the
 * shell's placeholder of the events module, which then only adds its handle. The list is a route
 * of the empty path rather than an index route, so that it can hold the public list as its
 * (index) child.
 */
export const areaRoutes: AreaRoutes = {
  rank: 65,
  routes: [
    {
      path: 'events',
      handle: { module: 'events', sideNav: eventsNav } satisfies RouteHandle,
      children: [
        {
          path: '',
          element: <StaffOrPublic staff={<EventsPage />} />,
          handle: { name: 'events' } satisfies RouteHandle,
        },
        listAndEditor(
          'types',
          'event-types',
          'events.types.title',
          <EventTypesPage />,
          <EventTypePage />,
          'events.types.crumb',
        ),
        {
          path: ':id',
          element: <StaffOrPublic staff={<EventPage />} />,
          handle: { name: 'event', crumb: 'events.editor.crumb' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
