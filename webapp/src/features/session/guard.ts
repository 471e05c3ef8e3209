import type { RouteHandle } from '../../shared/routeHandle';

export interface GuardInput {
  route: RouteHandle;
  publicMode: boolean;
  hasClient: boolean;
  loggedIn: boolean;
  /** Aliases of the current client's modules. */
  clientModules: string[];
  /** The last path that passed the guard. */
  previousPath: string | null;
}

export type GuardDecision =
  | { kind: 'pass' }
  /** To /login; the requested path becomes the return target. */
  | { kind: 'login' }
  /** Back to an earlier path. */
  | { kind: 'back'; to: string };

/** Session routes are never remembered as the place to return to after login. */
export const SESSION_ROUTES = ['login', 'signup', 'forgot-password', 'reset-password', 'not-found'];

/** The router guard of spec 1 §2, checked in the spec's order. */
export function decideRoute({
  route,
  publicMode,
  hasClient,
  loggedIn,
  clientModules,
  previousPath,
}: GuardInput): GuardDecision {
  const isHome = route.name === 'home';
  // 1. Public routes always pass; in public mode home is the public home, and a staff path with
  // a public page (/events) is that page.
  if (route.public || (publicMode && (isHome || route.publicInPublicMode))) return { kind: 'pass' };
  // 2. Without a client there is nothing to show but the login.
  if (!hasClient) return { kind: 'login' };
  // 3. A module the client lacks: back to where the user came from (home never counts as a module).
  if (route.module && !isHome && !clientModules.includes(route.module)) {
    return { kind: 'back', to: previousPath ?? '/' };
  }
  // 4. Without a logged-in user, log in first.
  if (!loggedIn) return { kind: 'login' };
  // A logged-in customer (public mode) has no back office: the public home instead.
  if (publicMode) return { kind: 'back', to: '/' };
  return { kind: 'pass' };
}
