import { baseApi } from '../../api/baseApi';
import type { Comment, CommentPage } from './types';

export interface CommentsRequest {
  /** The entity whose comments are shown. */
  entityId: string;
  skip: number;
  /** Related entities whose comments are shown too. */
  relations: string[];
}

/** GET/POST /api/comments/{id}, POST /{commentId}/read, DELETE /{commentId}. */
export const commentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getComments: build.query<CommentPage, CommentsRequest>({
      query: ({ entityId, skip, relations }) => ({
        url: `comments/${encodeURIComponent(entityId)}`,
        params: relations.length > 0 ? { skip, relations: relations.join(',') } : { skip },
      }),
      transformResponse: (body: Partial<CommentPage>) => ({
        comments: body.comments ?? [],
        totalComments: body.totalComments ?? 0,
        unread: body.unread ?? 0,
      }),
      providesTags: (_result, _error, { entityId }) => [{ type: 'Comment', id: entityId }],
    }),
    addComment: build.mutation<Comment, { entityId: string; form: FormData }>({
      query: ({ entityId, form }) => ({
        url: `comments/${encodeURIComponent(entityId)}`,
        method: 'POST',
        body: form,
      }),
      invalidatesTags: (_result, _error, { entityId }) => [{ type: 'Comment', id: entityId }],
    }),
    markCommentRead: build.mutation<unknown, { entityId: string; commentId: string }>({
      query: ({ commentId }) => ({
        url: `comments/${encodeURIComponent(commentId)}/read`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { entityId }) => [{ type: 'Comment', id: entityId }],
    }),
    deleteComment: build.mutation<unknown, { entityId: string; commentId: string }>({
      query: ({ commentId }) => ({
        url: `comments/${encodeURIComponent(commentId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { entityId }) => [{ type: 'Comment', id: entityId }],
    }),
  }),
});

export const {
  useGetCommentsQuery,
  useAddCommentMutation,
  useMarkCommentReadMutation,
  useDeleteCommentMutation,
} = commentsApi;
