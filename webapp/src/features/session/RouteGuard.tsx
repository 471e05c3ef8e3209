import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useRouteHandle } from '../../shared/routeHandle';
import { decideRoute, SESSION_ROUTES } from './guard';
import { pathVisited, returnToRemembered } from './sessionSlice';

/** Applies the guard to every navigation and remembers paths for the return after login. */
export function RouteGuard() {
  const session = useAppSession();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const previousPath = useAppSelector((state) => state.session.previousPath);
  const route = useRouteHandle();
  const path = location.pathname + location.search + location.hash;
  const decision = decideRoute({
    route,
    publicMode: session.publicMode,
    hasClient: session.client !== null,
    loggedIn: session.user !== null,
    clientModules: session.modules.map((module) => module.alias),
    previousPath,
  });

  useEffect(() => {
    if (decision.kind === 'login') dispatch(returnToRemembered(path));
    if (decision.kind === 'pass' && !SESSION_ROUTES.includes(route.name ?? '')) {
      dispatch(pathVisited(path));
    }
  }, [decision.kind, dispatch, path, route.name]);

  if (decision.kind === 'login') return <Navigate to="/login" replace />;
  if (decision.kind === 'back') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
