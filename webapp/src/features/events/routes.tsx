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
 * The events module's staff screens (spec 2 §2 "Staff routes"): /events and /events/{id}
 * ('create' = new), /events/types and /events/types/{id}. The static 'types' outranks ':id'. It
 * ranks before the shell's placeholder of the events module, which then only adds its handle.
 */
export const areaRoutes: AreaRoutes = {
  rank: 65,
  routes: [
    {
      path: 'events',
      handle: { module: 'events', sideNav: eventsNav } satisfies RouteHandle,
      children: [
        { index: true, element: <EventsPage />, handle: { name: 'events' } satisfies RouteHandle },
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
          element: <EventPage />,
          handle: { name: 'event', crumb: 'events.editor.crumb' } satisfies RouteHandle,
        },
      ],
    },
  ],
};
