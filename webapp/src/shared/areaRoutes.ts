import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { NonIndexRouteObject } from 'react-router';
import type { RouteHandle } from './routeHandle';
import { withPrime } from './ui/withPrime';

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

export interface LazyPageOptions {
  /**
   * false for a page drawn without PrimeReact (the public home, an event page's first step):
   * PrimeReact's settings are then not loaded with it. What such a page loads later that shows
   * PrimeReact loads them itself (`withPrime`). The JavaScript budget
   * (scripts/budget.mjs) fails when such a page's code holds PrimeReact after all.
   */
  primeReact?: boolean;
}

/**
 * A page loaded when its route is first shown (the layouts show the preloader meanwhile), e.g.
 * `lazyPage(() => import('./OrdersPage').then((page) => page.OrdersPage))`. The router fetches the
 * page of the address the app opens on while the app starts (`preload`). PrimeReact's settings
 * (`ui/primeSetup`) load with it: every PrimeReact component is shown by a lazy page.
 */
export function lazyPage<Props>(
  load: () => Promise<ComponentType<Props>>,
  { primeReact = true }: LazyPageOptions = {},
): LazyPage<Props> {
  let loading: Promise<ComponentType<Props>> | null = null;
  // PrimeReact's settings come with the page, beside its code (see primeSetup).
  const preload = () => (loading ??= primeReact ? withPrime(load) : load());
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
