import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../api/baseApi';

/**
 * A full page navigation, for addresses the server answers (switching club, and after a POST that
 * redirects): the app starts again from the server's redirect.
 */
export function navigateAway(url: string) {
  window.location.assign(url);
}

/**
 * A state change the server answers with a redirect (logout, returning from impersonation): POSTed with
 * the CSRF token, then the app starts again where the server sent it.
 */
export async function postAndNavigate(url: string) {
  const headers = new Headers();
  const token = readCookie(CSRF_COOKIE);
  if (token) headers.set(CSRF_HEADER, token);
  const response = await fetch(url, { method: 'POST', headers, credentials: 'same-origin' });
  navigateAway(response.redirected ? response.url : '/');
}

export const LOGOUT_URL = '/logout';
export const IMPERSONATION_RETURN_URL = '/api/users/return';

export function changeClientUrl(clientId: string): string {
  return `/api/app/change-client/${encodeURIComponent(clientId)}`;
}
