import { createBrowserRouter, useMatches, type RouteObject } from 'react-router';
import { useAppSession } from '../api/appApi';
import { PublicHomePage } from '../features/public/PublicHomePage';
import { TermsPage } from '../features/public/TermsPage';
import { ForgotPasswordPage } from '../features/session/ForgotPasswordPage';
import { LoginPage } from '../features/session/LoginPage';
import { ResetPasswordPage } from '../features/session/ResetPasswordPage';
import { RouteGuard } from '../features/session/RouteGuard';
import { SignupPage } from '../features/session/SignupPage';
import { StartupGate } from '../features/session/StartupGate';
import { BackOfficeHomePage } from '../features/shell/BackOfficeHomePage';
import { ModulePage } from '../features/shell/ModulePage';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { mergeHandles, type RouteHandle } from '../shared/routeHandle';
import { BackOfficeLayout } from './layouts/BackOfficeLayout';
import { PublicLayout } from './layouts/PublicLayout';

/** Public layout in public mode and on public-layout routes; otherwise the back office. */
function ModeLayout() {
  const { publicMode } = useAppSession();
  const { publicLayout } = mergeHandles(useMatches());
  return publicMode || publicLayout ? <PublicLayout /> : <BackOfficeLayout />;
}

/** '/' is the public home in public mode and the back-office home otherwise. */
function HomePage() {
  const { publicMode } = useAppSession();
  return publicMode ? <PublicHomePage /> : <BackOfficeHomePage />;
}

const session = (name: string, crumb: string): RouteHandle => ({
  name,
  public: true,
  publicLayout: true,
  crumb,
});

/**
 * Staff routes of the module catalogue. Until a module's feature brings its screens, its route shows
 * the module's heading; the guard already applies the module rule to it. Only the exact path is
 * claimed, so public pages below it (e.g. /events/{url}) stay free for their features. The webshop
 * (/shop) is a public route of the commerce feature and the dashboard is home.
 */
const moduleRoutes: RouteObject[] = [
  ['companies', 'companies'],
  ['contacts', 'contacts'],
  ['events', 'events'],
  ['marketing', 'marketing'],
  ['orders', 'orders'],
  ['products', 'products'],
].map(([path, module]) => ({
  path,
  element: <ModulePage />,
  handle: { name: module, module } satisfies RouteHandle,
}));

export const routes: RouteObject[] = [
  {
    element: <StartupGate />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          {
            element: <ModeLayout />,
            children: [
              {
                index: true,
                element: <HomePage />,
                handle: { name: 'home' } satisfies RouteHandle,
              },
              {
                path: 'login',
                element: <LoginPage />,
                handle: session('login', 'session.login.title'),
              },
              {
                path: 'signup',
                element: <SignupPage />,
                handle: session('signup', 'session.signup.title'),
              },
              {
                path: 'forgot-password',
                element: <ForgotPasswordPage />,
                handle: session('forgot-password', 'session.forgot.title'),
              },
              {
                path: 'reset-password',
                element: <ResetPasswordPage />,
                handle: session('reset-password', 'session.reset.title'),
              },
              {
                path: 'terms',
                element: <TermsPage kind="terms" />,
                handle: {
                  name: 'terms',
                  public: true,
                  crumb: 'public.terms.title',
                } satisfies RouteHandle,
              },
              {
                path: 'subscription-terms',
                element: <TermsPage kind="subscription-terms" />,
                handle: {
                  name: 'subscription-terms',
                  public: true,
                  crumb: 'public.terms.subscriptionTitle',
                } satisfies RouteHandle,
              },
              ...moduleRoutes,
              {
                path: '*',
                element: <NotFoundPage />,
                handle: { name: 'not-found', public: true } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
