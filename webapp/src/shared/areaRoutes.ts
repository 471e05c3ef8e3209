import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { NonIndexRouteObject } from 'react-router';
import type { RouteHandle } from './routeHandle';

/**
 * What `features/<area>/routes.tsx` exports as `areaRoutes`; the router picks every area's up and
 * puts them under the layouts, between the home page and the not-found page.
 */
export interface AreaRoutes {
  /**
   * Where the area's routes go among the others', lowest first: it orders the routes and, where
   * two areas share a path (the orders module: orders, then its setup), the side menu's entries.
   */
  rank: number;
  /** The area's top-level routes; each names its module and side menu in its handle. */
  routes: NonIndexRouteObject[];
}

/**
 * A page loaded when its route is first shown (the layouts show the preloader meanwhile), e.g.
 * `lazyPage(() => import('./OrdersPage').then((page) => page.OrdersPage))`.
 */
export function lazyPage<Props>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }));
}

/** A list and its editor ('create' for a new one) under `path`. */
export function listAndEditor(
  path: string,
  name: string,
  crumb: string,
  list: ReactNode,
  editor: ReactNode,
  editorCrumb: string,
): NonIndexRouteObject {
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
