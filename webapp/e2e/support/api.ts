import type { APIResponse, Page } from '@playwright/test';
import { expect } from './test';

/** The back office's calls from a test, for what a journey only sets up. */

const CSRF_COOKIE = 'tribune_csrf';
const CSRF_HEADER = 'X-CSRF-Token';

/** Today in Copenhagen, as the server's calendar reads it: 'YYYY-MM-DD'. */
export function todayInCopenhagen(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The envelope's body of an answer that must have succeeded. */
async function succeeded<T>(answer: APIResponse, what: string): Promise<T> {
  const text = await answer.text();
  expect(answer.ok(), `${what}: ${answer.status()} ${text}`).toBe(true);
  const body = JSON.parse(text) as { success: boolean } & T;
  expect(body.success, `${what}: ${text}`).toBe(true);
  return body;
}

/** The logged-in staff user's calls, as the back office makes them (the CSRF cookie as header). */
export type StaffApi = Awaited<ReturnType<typeof staffApi>>;

export async function staffApi(page: Page) {
  const csrf = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value;
  expect(csrf, 'the CSRF cookie after logging in').toBeTruthy();
  const headers = { [CSRF_HEADER]: csrf ?? '' };
  return {
    get: async <T>(path: string) =>
      succeeded<{ result: T }>(await page.request.get(path), `GET ${path}`),
    post: async <T>(path: string, data: unknown) =>
      succeeded<T>(await page.request.post(path, { data, headers }), `POST ${path}`),
    postForm: async <T>(path: string, multipart: Record<string, string>) =>
      succeeded<T>(await page.request.post(path, { multipart, headers }), `POST ${path}`),
  };
}
