/**
 * Reads started while the app itself is still loading (issue 36): on a slow phone the page's
 * first answer then travels with the session's instead of one round trip after it. `preloadPages`
 * starts the GET its route names (`RouteHandle.earlyGet`); the API's first GET of that address
 * takes the answer instead of asking again. Each answer is taken once, and only while fresh: a
 * later read (a refetch, another visit) asks the server as usual.
 */
const FRESH_MS = 30_000;

interface Started {
  response: Promise<Response>;
  at: number;
}

const started = new Map<string, Started>();

const absolute = (path: string) => new URL(path, window.location.origin).href;

/** Starts reading `path` (same origin, with the visitor's cookies, as the API slice reads). */
export function startEarlyGet(path: string, fetchFn: typeof fetch = fetch): void {
  const url = absolute(path);
  if (started.has(url)) return;
  const response = fetchFn(url, { credentials: 'include' });
  // A failed early read is asked again by the page: nothing here may reject unhandled.
  response.catch(() => started.delete(url));
  started.set(url, { response, at: Date.now() });
}

/** The early answer of a GET of `url`, once, if one was started in the last half minute. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const entry = started.get(url);
  if (!entry) return undefined;
  started.delete(url);
  return Date.now() - entry.at <= FRESH_MS ? entry.response : undefined;
}

/**
 * The API slice's fetch: a GET started early is answered from it, everything else is fetched. A
 * write (a login, a booking) may change what a read answers, so it drops the early reads not yet
 * taken.
 */
export const fetchWithEarlyGets: typeof fetch = (input, init) => {
  const method = input instanceof Request ? input.method : (init?.method ?? 'GET').toUpperCase();
  if (method === 'GET' && input instanceof Request) {
    const early = takeEarlyGet(input.url);
    if (early) return early;
  } else if (method !== 'GET' && method !== 'HEAD') {
    started.clear();
  }
  return fetch(input, init);
};
