import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const LoginPage = lazyPage(() => import('./LoginPage').then((page) => page.LoginPage));
const SignupPage = lazyPage(() => import('./SignupPage').then((page) => page.SignupPage));
const ForgotPasswordPage = lazyPage(() =>
  import('./ForgotPasswordPage').then((page) => page.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./ResetPasswordPage').then((page) => page.ResetPasswordPage),
);

/** A page of logging in and out of an account: public, always in the public layout. */
const session = (name: string, crumb: string): RouteHandle => ({
  name,
  public: true,
  publicLayout: true,
  crumb,
});

/** Log ind, Opret bruger, Glemt adgangskode and Nulstil adgangskode. */
export const areaRoutes: AreaRoutes = {
  rank: 10,
  routes: [
    { path: 'login', element: <LoginPage />, handle: session('login', 'session.login.title') },
    { path: 'signup', element: <SignupPage />, handle: session('signup', 'session.signup.title') },
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
  ],
};
