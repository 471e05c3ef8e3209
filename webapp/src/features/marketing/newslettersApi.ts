import { baseApi, type Envelope, type TagType } from '../../api/baseApi';
import type {
  Newsletter,
  NewsletterChoices,
  NewsletterForm,
  NewsletterRecipientGroup,
  NewsletterSelection,
  NewslettersQueued,
  RecipientCounts,
  RecipientsCreated,
  SendProgress,
} from '../../api/generated/newsletters';
import { entityFormData } from '../../shared/multipart';

/** The list (POST, the list protocol) and the base of every newsletter call. */
export const NEWSLETTERS_ENDPOINT = 'newsletters';
export const NEWSLETTER_TAG: TagType = 'Newsletter';

const LIST = { type: NEWSLETTER_TAG, id: 'LIST' };
const newsletterTag = (id: string) => ({ type: NEWSLETTER_TAG, id });
const recipientsTag = (id: string) => ({ type: NEWSLETTER_TAG, id: `recipients:${id}` });
const progressTag = (id: string) => ({ type: NEWSLETTER_TAG, id: `progress:${id}` });

const one = (id: string) => `${NEWSLETTERS_ENDPOINT}/${encodeURIComponent(id)}`;

/** A newsletter as the editor reads it: the newsletter, and the names of its selection. */
export interface NewsletterRead {
  newsletter: Newsletter;
  choices: NewsletterChoices;
}

/** The files of a save: each a new file to store, or none (the JSON keeps or removes the old). */
export interface NewsletterFiles {
  pictureFile: File | null;
  pictureBottomFile: File | null;
  attachmentFile: File | null;
}

/** The recipients card's table: the groups by company ('none' last) and the counts. */
export interface NewsletterRecipients {
  groups: NewsletterRecipientGroup[];
  counts: RecipientCounts;
}

/**
 * 'Opret alle' (every company's contacts), 'Opret alle aktive' (companies with an agreement
 * running on the selection's 'Aktiv dato', today without one) or 'Opret valgte' (the selection).
 */
export type RecipientsScope = 'all' | 'active' | 'selected';

export interface CreateRecipientsRequest {
  newsletterId: string;
  selection: NewsletterSelection;
  scope: RecipientsScope;
}

export interface SendNewslettersRequest {
  newsletterId: string;
  /** The recipients; none: all of the newsletter's. */
  recipientIds: string[];
  /** Also to those who got it already. */
  force: boolean;
}

function scopeParams(scope: RecipientsScope): Record<string, string> {
  if (scope === 'all') return { allCompanies: 'true' };
  if (scope === 'active') return { allActive: 'true' };
  return {};
}

const NO_CHOICES: NewsletterChoices = {
  products: [],
  orderProducts: [],
  companies: [],
  contacts: [],
};

const NO_COUNTS: RecipientCounts = { total: 0, sent: 0, withoutEmail: 0, unsubscribed: 0 };

/** The marketing module's newsletter calls (spec 2 §7 "Newsletters"). */
export const newslettersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsletter: build.query<NewsletterRead, string>({
      query: (id) => one(id),
      extraOptions: { envelope: true },
      transformResponse: (body: Envelope<Newsletter, NewsletterChoices>) => ({
        newsletter: body.result as Newsletter,
        choices: body.data ?? NO_CHOICES,
      }),
      providesTags: (_result, _error, id) => [newsletterTag(id)],
    }),
    /** Answers the newsletter's id. */
    saveNewsletter: build.mutation<string, { form: NewsletterForm; files: NewsletterFiles }>({
      query: ({ form, files }) => ({
        url: `${NEWSLETTERS_ENDPOINT}/update`,
        method: 'POST',
        body: entityFormData(form, { ...files }),
      }),
      invalidatesTags: (id, error) => (error ? [] : [LIST, ...(id ? [newsletterTag(id)] : [])]),
    }),
    deleteNewsletter: build.mutation<unknown, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),

    getRecipients: build.query<NewsletterRecipients, string>({
      query: (id) => `${one(id)}/recipients`,
      extraOptions: { envelope: true },
      transformResponse: (body: Envelope<NewsletterRecipientGroup[], RecipientCounts>) => ({
        groups: body.result ?? [],
        counts: body.data ?? NO_COUNTS,
      }),
      providesTags: (_result, _error, id) => [recipientsTag(id)],
    }),
    /** The latest send and how far it is; null before the first. */
    getSendProgress: build.query<SendProgress | null, string>({
      query: (id) => `${one(id)}/progress`,
      providesTags: (_result, _error, id) => [progressTag(id)],
    }),
    /**
     * Makes recipients of whom the scope reaches; those who are already, or unsubscribed, are
     * skipped. The server keeps the selection as the newsletter's (its version stays).
     */
    createRecipients: build.mutation<RecipientsCreated, CreateRecipientsRequest>({
      query: ({ newsletterId, selection, scope }) => ({
        url: `${one(newsletterId)}/create-recipients`,
        method: 'POST',
        params: scopeParams(scope),
        body: selection,
      }),
      invalidatesTags: (_result, error, { newsletterId }) =>
        error ? [] : [recipientsTag(newsletterId)],
    }),
    /** Queues the newsletter to the recipients in batches; the progress follows the send. */
    sendNewsletters: build.mutation<NewslettersQueued, SendNewslettersRequest>({
      query: ({ newsletterId, recipientIds, force }) => ({
        url: `${one(newsletterId)}/send-newsletters`,
        method: 'POST',
        params: force ? { force: 'true' } : {},
        body: recipientIds,
      }),
      invalidatesTags: (_result, error, { newsletterId }) =>
        error ? [] : [recipientsTag(newsletterId), progressTag(newsletterId)],
    }),
    deleteRecipients: build.mutation<
      { deleted: number },
      { newsletterId: string; recipientIds: string[] }
    >({
      query: ({ newsletterId, recipientIds }) => ({
        url: `${one(newsletterId)}/delete-recipients`,
        method: 'POST',
        body: recipientIds,
      }),
      invalidatesTags: (_result, error, { newsletterId }) =>
        error ? [] : [recipientsTag(newsletterId)],
    }),
  }),
});

export const {
  useGetNewsletterQuery,
  useSaveNewsletterMutation,
  useDeleteNewsletterMutation,
  useGetRecipientsQuery,
  useGetSendProgressQuery,
  useCreateRecipientsMutation,
  useSendNewslettersMutation,
  useDeleteRecipientsMutation,
} = newslettersApi;
