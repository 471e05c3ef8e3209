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

/** A lazy page that can be fetched before it is shown. */
export type LazyPage<Props> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts fetching the page's code (once); showing the page then waits for the same fetch. */
  preload: () => Promise<ComponentType<Props>>;
};

/**
 * A page loaded when its route is first shown (the layouts show the preloader meanwhile), e.g.
 * `lazyPage(() => import('./OrdersPage').then((page) => page.OrdersPage))`. The router fetches the
 * page of the address the app opens on while the app starts (`preload`).
 */
export function lazyPage<Props>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}

/** Whether `type` (a route element's) is a lazy page. */
export function isLazyPage(type: unknown): type is LazyPage<unknown> {
  return typeof type === 'object' && type !== null && 'preload' in type;
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
