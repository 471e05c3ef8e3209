/**
 * A full page navigation, for addresses the server answers (switching club, logout, returning from
 * impersonation): the app starts again from the server's redirect.
 */
export function navigateAway(url: string) {
  window.location.assign(url);
}

export const LOGOUT_URL = '/logout';
export const IMPERSONATION_RETURN_URL = '/api/users/return';

export function changeClientUrl(clientId: string): string {
  return `/api/app/change-client/${encodeURIComponent(clientId)}`;
}
