import { createContext, useContext } from 'react';
import type { Params } from 'react-router';

/** A link in a route's side navigation (e.g. Kontakter / Kontaktlister). */
export interface SideNavItem {
  /** i18n key of the label. */
  label: string;
  to: string;
  /** Shown only to System Admins (the settings area's admin group). */
  superAdmin?: boolean;
}

/**
 * What a route tells the shell and the guard: each route (in its area's `routes.tsx`) sets it as
 * its `handle`; the deepest route's values win.
 */
export interface RouteHandle {
  /** Route name: 'home' is the back-office home, or public-home in public mode. */
  name?: string;
  /** Public routes always pass the guard. */
  public?: boolean;
  /**
   * Passes the guard in public mode only: the public page under a staff path (/events,
   * /events/{url}), whose staff page still needs the module and a login in the back office.
   */
  publicInPublicMode?: boolean;
  /** Alias of the module the client must have. */
  module?: string;
  /** Always use the public layout (login, signup, terms …), whatever the mode. */
  publicLayout?: boolean;
  /**
   * The page names its club itself (a mailed link: whoever opens it has no session and no club
   * chosen): the public layout shows no club chooser, login or sign-up above it.
   */
  ownBrand?: boolean;
  /** i18n key of the breadcrumb; module routes fall back to the module's name. */
  crumb?: string;
  /** Links of the side navigation; without them the side navigation is closed. */
  sideNav?: SideNavItem[];
  /**
   * The API address the page reads first, from the route's parameters: started with the page's
   * code when the app opens on this route (`preloadPages`, `api/earlyGet.ts`).
   */
  earlyGet?: (params: Params) => string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** One route the address matches, outermost first: its handle, the part of the path it matched. */
export interface RouteMatchInfo {
  handle: unknown;
  pathname: string;
  params: Params;
}

/**
 * The routes the current address matches (the app's router provides them, from `matchRoutes`):
 * what react-router's `useMatches` gives a data router, without the data router's code on every
 * page (issue 36; the app's routes load no data).
 */
export const RouteMatchesContext = createContext<readonly RouteMatchInfo[]>([]);

export function useRouteMatches(): readonly RouteMatchInfo[] {
  return useContext(RouteMatchesContext);
}

/** The merged handle of the routes the current address matches. */
export function useRouteHandle(): RouteHandle {
  return mergeHandles(useRouteMatches());
}

/** Merges the handles of all matched routes, deepest last, so a child's values win. */
export function mergeHandles(matches: readonly RouteMatchInfo[]): RouteHandle {
  return matches.reduce<RouteHandle>(
    (merged, match) => (isRouteHandle(match.handle) ? { ...merged, ...match.handle } : merged),
    {},
  );
}
