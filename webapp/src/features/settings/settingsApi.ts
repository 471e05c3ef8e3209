import { baseApi } from '../../api/baseApi';
import type { ChainCheck, ExportKey, ExportVerdict } from '../../api/generated/history';
import { entityFormData, type MultipartFiles } from '../../shared/multipart';
import type {
  ClientDetail,
  ClubSettings,
  ClubUser,
  EmailCheck,
  ImportChoices,
  ImportInput,
  ImportSummary,
  JobView,
  ModuleDefinition,
  Reference,
  SystemUser,
  UserDetail,
} from './types';

/** Settings and administration calls (spec 1 §7 "Settings and administration"). */
export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The club's last club-wide chain check (issue 37), or null when none was run. */
    getLatestChainCheck: build.query<ChainCheck | null, void>({
      query: () => '/api/audit/chain-checks/latest',
      providesTags: [{ type: 'History', id: 'CHAIN_CHECK' }],
    }),
    /** Queues a club-wide chain check, or answers the one already under way. */
    startChainCheck: build.mutation<ChainCheck, void>({
      query: () => ({ url: '/api/audit/chain-checks', method: 'POST' }),
      invalidatesTags: [{ type: 'History', id: 'CHAIN_CHECK' }],
    }),
    /** The installation's public key of the signed exports, for checking a file elsewhere. */
    getExportKey: build.query<ExportKey, void>({
      query: () => '/api/audit/exports/key',
    }),
    /** Whether a signed export (the file's text) is, unchanged, what this installation made. */
    verifyExport: build.mutation<ExportVerdict, string>({
      query: (text) => ({
        url: '/api/audit/exports/verify',
        method: 'POST',
        body: text,
        headers: { 'Content-Type': 'application/json' },
      }),
    }),
    getClubUser: build.query<ClubUser, string>({
      query: (id) => `/api/client/users/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'ClientUser', id }],
    }),
    findClubUser: build.query<EmailCheck, string>({
      query: (email) => `/api/client/users/find/${encodeURIComponent(email)}`,
    }),
    saveClubUser: build.mutation<string, { data: unknown; file: File | null }>({
      query: ({ data, file }) => ({
        url: '/api/client/users/update',
        method: 'POST',
        body: entityFormData(data, { file }),
      }),
      invalidatesTags: (id) => [
        { type: 'ClientUser', id: 'LIST' },
        { type: 'ClientUser', id },
      ],
    }),
    deleteClubUser: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/client/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ClientUser', id: 'LIST' }],
    }),
    getSystemUser: build.query<SystemUser, string>({
      query: (id) => `/api/users/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }],
    }),
    saveSystemUser: build.mutation<string, { data: unknown; file: File | null }>({
      query: ({ data, file }) => ({
        url: '/api/users/update',
        method: 'POST',
        body: entityFormData(data, { file }),
      }),
      invalidatesTags: (id) => [
        { type: 'AdminUser', id: 'LIST' },
        { type: 'AdminUser', id },
      ],
    }),
    deleteSystemUser: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    impersonate: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/users/${encodeURIComponent(id)}/impersonate`, method: 'POST' }),
    }),
    getClientDetail: build.query<ClientDetail, string>({
      query: (id) => `/api/clients/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminClient', id }],
    }),
    getModuleChoices: build.query<ModuleDefinition[], void>({
      query: () => '/api/clients/modules',
      providesTags: [{ type: 'Module', id: 'LIST' }],
    }),
    getAllClients: build.query<{ Result: { Id: string; Name: string }[] }, void>({
      query: () => ({ url: '/api/clients', params: { perPage: 1000 } }),
      providesTags: [{ type: 'AdminClient', id: 'LIST' }],
    }),
    /** Moves the club's version on too: the settings form on the same page reads it again. */
    saveClient: build.mutation<string, unknown>({
      query: (body) => ({ url: '/api/clients/update', method: 'POST', body }),
      invalidatesTags: (id) => [
        { type: 'AdminClient', id: 'LIST' },
        { type: 'AdminClient', id },
        'Modules',
        'Client',
        'User',
        'Settings',
      ],
    }),
    deleteClient: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/clients/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'AdminClient', id: 'LIST' }],
    }),
    getModuleDefinition: build.query<ModuleDefinition, string>({
      query: (id) => `/api/modules/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Module', id }],
    }),
    saveModule: build.mutation<string, unknown>({
      query: (body) => ({ url: '/api/modules/update', method: 'POST', body }),
      invalidatesTags: (id) => [{ type: 'Module', id: 'LIST' }, { type: 'Module', id }, 'Modules'],
    }),
    deleteModule: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/modules/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Module', id: 'LIST' }, 'Modules'],
    }),
    getJob: build.query<JobView, string>({
      query: (id) => `/api/jobs/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Job', id }],
    }),
    jobAction: build.mutation<unknown, { id: string; action: 'execute' | 'cancel' | 'delete' }>({
      query: ({ id, action }) =>
        action === 'delete'
          ? { url: `/api/jobs/${encodeURIComponent(id)}`, method: 'DELETE' }
          : { url: `/api/jobs/${encodeURIComponent(id)}/${action}`, method: 'POST' },
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Job', id: 'LIST' },
        { type: 'Job', id },
      ],
    }),
    getClubSettings: build.query<ClubSettings, string | void>({
      query: (clientId) => ({ url: '/api/settings', params: clientId ? { clientId } : {} }),
      providesTags: ['Settings'],
    }),
    saveClubSettings: build.mutation<string, { data: unknown; files: MultipartFiles }>({
      query: ({ data, files }) => ({
        url: '/api/settings/update',
        method: 'POST',
        body: entityFormData(data, files),
      }),
      invalidatesTags: ['Settings', 'Client'],
    }),
    getReferences: build.query<Reference[], string>({
      query: (kind) => `/api/orders/${kind}`,
    }),
    getAccountingProducts: build.query<{ productNumber: string; name: string }[], string>({
      query: (search) => ({ url: '/api/orders/economic/products', params: { search } }),
    }),
    getImportTeams: build.query<ImportChoices, void>({
      query: () => '/api/contacts/import/teams',
    }),
    importTeams: build.mutation<ImportSummary, ImportInput>({
      query: (body) => ({ url: '/api/contacts/import', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Contact', id: 'LIST' },
        { type: 'ContactList', id: 'LIST' },
      ],
    }),
    getProfile: build.query<UserDetail, void>({
      query: () => '/api/profile',
      providesTags: [{ type: 'User', id: 'PROFILE' }],
    }),
    saveProfile: build.mutation<string, { data: unknown; file: File | null }>({
      query: ({ data, file }) => ({
        url: '/api/profile/update',
        method: 'POST',
        body: entityFormData(data, { file }),
      }),
      invalidatesTags: [{ type: 'User', id: 'PROFILE' }, 'User'],
    }),
  }),
});

export const {
  useGetLatestChainCheckQuery,
  useStartChainCheckMutation,
  useGetExportKeyQuery,
  useVerifyExportMutation,
  useGetClubUserQuery,
  useLazyFindClubUserQuery,
  useSaveClubUserMutation,
  useDeleteClubUserMutation,
  useGetSystemUserQuery,
  useSaveSystemUserMutation,
  useDeleteSystemUserMutation,
  useImpersonateMutation,
  useGetClientDetailQuery,
  useGetModuleChoicesQuery,
  useGetAllClientsQuery,
  useSaveClientMutation,
  useDeleteClientMutation,
  useGetModuleDefinitionQuery,
  useSaveModuleMutation,
  useDeleteModuleMutation,
  useGetJobQuery,
  useJobActionMutation,
  useGetClubSettingsQuery,
  useSaveClubSettingsMutation,
  useGetReferencesQuery,
  useGetAccountingProductsQuery,
  useGetImportTeamsQuery,
  useImportTeamsMutation,
  useGetProfileQuery,
  useSaveProfileMutation,
} = settingsApi;
