import { baseApi } from '../../api/baseApi';
import type { StoredFile } from './types';

/** GET /api/files/{entityId}, POST /api/files/upload, DELETE /api/files/{fileId}. */
export const filesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFiles: build.query<StoredFile[], string>({
      query: (entityId) => `files/${encodeURIComponent(entityId)}`,
      providesTags: (_result, _error, entityId) => [{ type: 'File', id: entityId }],
    }),
    uploadFiles: build.mutation<
      StoredFile[],
      { relationId: string; relationType: string; files: File[] }
    >({
      query: ({ relationId, relationType, files }) => {
        const form = new FormData();
        for (const file of files) form.append('files', file);
        form.append('relationId', relationId);
        form.append('relationType', relationType);
        return { url: 'files/upload', method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, { relationId }) => [{ type: 'File', id: relationId }],
    }),
    deleteFile: build.mutation<unknown, { fileId: string; relationId: string }>({
      query: ({ fileId }) => ({ url: `files/${encodeURIComponent(fileId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { relationId }) => [{ type: 'File', id: relationId }],
    }),
  }),
});

export const { useGetFilesQuery, useUploadFilesMutation, useDeleteFileMutation } = filesApi;
