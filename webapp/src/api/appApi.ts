import { createSlice, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { baseApi, setEndpointNames, type Envelope } from './baseApi';

/** Start-up and session reads (spec 1 §7 "Start-up and session"). Every screen may read them. */

export interface AclRule {
  subject: string[];
  action: ('manage' | 'read')[];
  inverted: boolean;
  fields: string[];
}

export interface Membership {
  clientId: string;
  role: string | null;
  systemUser: boolean;
  accepted: boolean;
}

export interface SessionUser {
  id: string;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  picture: string | null;
  timeZone: string;
  acl: AclRule[];
  role: string | null;
  admin: boolean;
  superAdmin: boolean;
  phone?: string | null;
  mobile?: string | null;
  about?: string | null;
  linkedin?: string | null;
  emailConfirmed: boolean;
  clients: Membership[];
  impersonator: { id: string; name: string } | null;
}

export interface ClientRef {
  id: string;
  name: string;
  logo: string | null;
}

export interface ClientModule {
  id: string;
  alias: string;
  name: string;
  icon: string;
  url: string;
  sorting: number;
  /** The club's own name for the module's endpoint (spec 1 §3), when it gave one. */
  endpoint?: string | null;
  /** Route → the view the club chose for it (spec 1 §3 `customViews`). */
  customViews?: Record<string, string>;
  /** Component name → the variant the club chose (spec 1 §3 `customComponents`). */
  customComponents?: Record<string, string>;
}

export interface ClientConfig {
  id: string;
  name: string;
  isFrontend: boolean;
  logo: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  vatRate: number;
  pricesWithVat: boolean;
  disableVat: boolean;
  modules: ClientModule[];
  settings: Record<string, unknown>;
  features: Record<string, unknown>;
}

export interface CurrentUser {
  user: SessionUser;
  clients: ClientRef[];
}

const APP_READ = '/api/app';
const USER_READ = '/api/user';
const CLIENT_READ = '/api/app/client';
const MODULES_READ = '/api/app/modules';
/** The session's reads at start-up, started early by main.tsx (`api/earlyGet.ts`). */
export const SESSION_READS = [APP_READ, USER_READ, CLIENT_READ, MODULES_READ];

/**
 * The start-up reads never fail: a failure means the fallback of spec 1 §7 (public app, no user, no
 * client, no modules). So an anonymous visitor's 401 is an answer, not an error to retry.
 */
export const appApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApp: build.query<{ isFrontend: boolean }, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery(APP_READ);
        const isFrontend = (answer.data as { isFrontend?: boolean } | undefined)?.isFrontend;
        return { data: { isFrontend: answer.error ? true : isFrontend !== false } };
      },
      providesTags: ['App'],
    }),
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery(USER_READ);
        const envelope = answer.data as
          Envelope<SessionUser, { clients?: ClientRef[] }> | undefined;
        if (answer.error || !envelope?.result) return { data: null };
        return { data: { user: envelope.result, clients: envelope.data?.clients ?? [] } };
      },
      extraOptions: { envelope: true },
      providesTags: ['User'],
    }),
    getClient: build.query<ClientConfig | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery(CLIENT_READ);
        return { data: answer.error ? null : ((answer.data as ClientConfig | undefined) ?? null) };
      },
      providesTags: ['Client'],
    }),
    getModules: build.query<ClientModule[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery(MODULES_READ);
        const modules =
          answer.error || !Array.isArray(answer.data) ? [] : (answer.data as ClientModule[]);
        setEndpointNames(modules);
        return { data: modules };
      },
      providesTags: ['Modules'],
    }),
    getPublicClients: build.query<ClientRef[], void>({
      query: () => '/public/app/clients',
    }),
  }),
});

export const {
  useGetAppQuery,
  useGetCurrentUserQuery,
  useGetClientQuery,
  useGetModulesQuery,
  useGetPublicClientsQuery,
} = appApi;

const { getApp, getClient } = appApi.endpoints;

interface ApiModeState {
  /** null until GET /api/app answered. */
  appIsFrontend: boolean | null;
  /** null until GET /api/app/client answered. */
  hasClient: boolean | null;
  publicMode: boolean;
}

const initialState: ApiModeState = { appIsFrontend: null, hasClient: null, publicMode: true };

function publicModeOf(state: ApiModeState): boolean {
  return state.appIsFrontend !== false || state.hasClient === false;
}

/**
 * Public or back-office mode, derived from the start-up reads in the reducer so that the base query
 * sees the new mode before any screen sends its first call.
 */
export const apiModeSlice = createSlice({
  name: 'apiMode',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(getApp.matchFulfilled, (state, action) => {
        state.appIsFrontend = action.payload.isFrontend;
        state.publicMode = publicModeOf(state);
      })
      .addMatcher(getClient.matchFulfilled, (state, action) => {
        state.hasClient = action.payload !== null;
        state.publicMode = publicModeOf(state);
      });
  },
});

export interface AppSession {
  /** True once all four start-up reads have answered (successfully or not). */
  loaded: boolean;
  publicMode: boolean;
  user: SessionUser | null;
  clients: ClientRef[];
  client: ClientConfig | null;
  modules: ClientModule[];
}

/**
 * The current session as every screen sees it. Failures are silent (spec 1 §8): no user means
 * anonymous, no client means public mode, no modules means an empty list.
 */
export function useAppSession(): AppSession {
  const app = useGetAppQuery();
  const currentUser = useGetCurrentUserQuery();
  const client = useGetClientQuery();
  const modules = useGetModulesQuery();
  const publicMode = useSelector((state: { apiMode: ApiModeState }) => state.apiMode.publicMode);
  return {
    loaded: [app, currentUser, client, modules].every((query) => query.data !== undefined),
    publicMode,
    user: currentUser.data?.user ?? null,
    clients: currentUser.data?.clients ?? [],
    client: client.data ?? null,
    modules: modules.data ?? [],
  };
}

/** Reloads the start-up reads (after login): resolves when all four have answered. */
export function reloadSession(): ThunkAction<Promise<void>, unknown, unknown, UnknownAction> {
  return async (dispatch) => {
    const options = { subscribe: false, forceRefetch: true } as const;
    await Promise.allSettled([
      dispatch(getApp.initiate(undefined, options)),
      dispatch(appApi.endpoints.getCurrentUser.initiate(undefined, options)),
      dispatch(getClient.initiate(undefined, options)),
      dispatch(appApi.endpoints.getModules.initiate(undefined, options)),
    ]);
  };
}
