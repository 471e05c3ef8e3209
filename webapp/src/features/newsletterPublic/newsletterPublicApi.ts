import { baseApi } from '../../api/baseApi';
import type { Unsubscription } from '../../api/generated/newsletters';

// An absolute path: the page is public, and the server has the address under /public in either
// mode (a mail program's one-click unsubscribe posts to it as well).
const unsubscribeUrl = (token: string) =>
  `/public/newsletters/unsubscribe/${encodeURIComponent(token)}`;

/**
 * The unsubscribe link of every newsletter mail (/newsletter/unsubscribe/{token}): what the link
 * unsubscribes and whether it has, and the unsubscribing itself. 404 when no recipient has the
 * token (the newsletter or the recipient was deleted), 422 for a token that is not one.
 */
export const newsletterPublicApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUnsubscription: build.query<Unsubscription, string>({
      query: (token) => unsubscribeUrl(token),
    }),
    /** Idempotent: the answer says unsubscribed, and replaces the cached page. */
    unsubscribeFromNewsletters: build.mutation<Unsubscription, string>({
      query: (token) => ({ url: unsubscribeUrl(token), method: 'POST' }),
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(newsletterPublicApi.util.upsertQueryData('getUnsubscription', token, data));
        } catch {
          // The page shows the refusal where it asked; the cached page stays as it was.
        }
      },
    }),
  }),
});

export const { useGetUnsubscriptionQuery, useUnsubscribeFromNewslettersMutation } =
  newsletterPublicApi;
