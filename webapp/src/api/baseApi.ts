import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { fetchWithEarlyGets } from './earlyGet';

/** Every JSON answer of the API is wrapped in this envelope (see the API contract). */
export interface Envelope<R = unknown, D = unknown> {
  success: boolean;
  result?: R;
  data?: D;
  error?: string;
  errors?: Record<string, string[]>;
}

/** The one error shape every endpoint rejects with. `message` is the server's Danish text when it sent one. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message?: string;
  errors?: Record<string, string[]>;
}

/** Endpoints that need more than `result` (e.g. `data` or the list keys) ask for the whole envelope. */
export interface ApiExtraOptions {
  envelope?: boolean;
}

export const CSRF_COOKIE = 'tribune_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

export const tagTypes = [
  'App',
  'User',
  'Client',
  'Modules',
  'Company',
  'Contact',
  'ContactList',
  'Comment',
  'File',
  'Event',
  'Order',
  'Contract',
  'Invoice',
  'Subscription',
  'Pipeline',
  'Dashboard',
  'Product',
  'Settings',
  'ClientUser',
  'AdminUser',
  'AdminClient',
  'Module',
  'Job',
  'OrderCategory',
  'Season',
  'CustomField',
  'DiscountCode',
  'ProductCategory',
  'InvoiceGroup',
  'History',
  'SeatMap',
  'SeatChart',
  'SeasonalTicket',
  'Cart',
  'Newsletter',
] as const;
export type TagType = (typeof tagTypes)[number];

export function readCookie(name: string, cookie: string = document.cookie): string | undefined {
  for (const part of cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

interface ModeState {
  apiMode?: { publicMode: boolean };
}

/**
 * Absolute paths ('/api/app') are used as they are; relative ones ('companies') go to '/public/…' in
 * public mode and to '/api/…' in the back office (spec 1 §6).
 */
export function resolveUrl(url: string, publicMode: boolean): string {
  if (/^https?:\/\//.test(url)) return url;
  const path = url.startsWith('/') ? url : `/${publicMode ? 'public' : 'api'}/${url}`;
  return `${window.location.origin}${path}`;
}

/** The current club's own endpoint names (spec 1 §3 `customEndpoint`): module alias → name. */
let endpointNames: ReadonlyMap<string, string> = new Map();

/** Sets the current club's endpoint names (from its modules, as `/api/modules` answers them). */
export function setEndpointNames(modules: readonly { alias: string; endpoint?: string | null }[]) {
  endpointNames = new Map(
    modules.flatMap((module) => (module.endpoint ? [[module.alias, module.endpoint]] : [])),
  );
}

/**
 * `/api/{alias}/…` under the club's own name for the module (`/api/{endpoint}/…`): the API
 * answers a module's calls under the name the club gave it (`kit::endpoints`).
 */
export function withEndpointName(url: string): string {
  const match = /^(https?:\/\/[^/]+)?\/api\/([^/?#]+)(.*)$/.exec(url);
  const renamed = match && endpointNames.get(match[2]);
  return renamed ? `${match[1] ?? ''}/api/${encodeURIComponent(renamed)}${match[3]}` : url;
}

const rawBaseQuery = fetchBaseQuery({ credentials: 'include', fetchFn: fetchWithEarlyGets });

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'success' in body;
}

function toApiError(error: FetchBaseQueryError): ApiError {
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  const body = 'data' in error ? error.data : undefined;
  if (isEnvelope(body)) return { status, message: body.error, errors: body.errors };
  if (typeof body === 'string' && body.trim() !== '') return { status, message: body };
  return { status };
}

export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  const publicMode = (api.getState() as ModeState).apiMode?.publicMode ?? true;
  request.url = withEndpointName(resolveUrl(request.url, publicMode));
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    // The token changes at login, so it is read from the cookie on every write.
    const token = readCookie(CSRF_COOKIE);
    if (token) {
      const headers = new Headers(request.headers as HeadersInit | undefined);
      headers.set(CSRF_HEADER, token);
      request.headers = headers;
    }
  }
  const response = await rawBaseQuery(request, api, {});
  if (response.error) return { error: toApiError(response.error), meta: response.meta };
  const body = response.data;
  if (isEnvelope(body)) {
    if (!body.success) {
      return {
        error: {
          status: response.meta?.response?.status ?? 200,
          message: body.error,
          errors: body.errors,
        },
        meta: response.meta,
      };
    }
    if (extraOptions?.envelope || !('result' in body)) return { data: body, meta: response.meta };
    return { data: body.result, meta: response.meta };
  }
  return { data: body, meta: response.meta };
};

/** The one API slice: features add their endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
});

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The server's text on `field` of a refusal (a 422), if any. */
export function apiFieldError(failure: unknown, field: string): string | undefined {
  if (!isApiError(failure)) return undefined;
  const messages = failure.errors?.[field];
  if (!messages) return undefined;
  return Array.isArray(messages) ? messages.join(' ') : String(messages);
}

/** The server's message for a failed call, or undefined when it sent none. */
export function apiErrorMessage(error: unknown): string | undefined {
  return isApiError(error) && error.message ? error.message : undefined;
}
