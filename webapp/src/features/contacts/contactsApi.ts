import { baseApi, type Envelope } from '../../api/baseApi';
import { entityFormData } from '../../shared/multipart';
import type {
  CompanyRef,
  Contact,
  ContactDetails,
  ContactList,
  ContactListPayload,
  ContactPayload,
  ListRef,
  PaymentCard,
} from './types';

export const CONTACTS_ENDPOINT = 'contacts';
export const CONTACT_LISTS_ENDPOINT = 'contacts/lists';

/** The contacts module's calls (contract "Contacts" and "Contact lists"). */
export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getContact: build.query<ContactDetails, string>({
      query: (id) => `contacts/${encodeURIComponent(id)}`,
      extraOptions: { envelope: true },
      transformResponse: (body: Envelope<Contact, { companies?: CompanyRef[] }>) => ({
        contact: body.result as Contact,
        companies: body.data?.companies ?? [],
      }),
      providesTags: (_result, _error, id) => [{ type: 'Contact', id }],
    }),
    saveContact: build.mutation<string, { payload: ContactPayload; file: File | null }>({
      query: ({ payload, file }) => ({
        url: 'contacts/update',
        method: 'POST',
        body: entityFormData(payload, { file }),
      }),
      extraOptions: { envelope: true },
      transformResponse: (body: Envelope<unknown, { id?: string }>) =>
        body.data?.id ?? (typeof body.result === 'string' ? body.result : ''),
      invalidatesTags: (id) => [
        { type: 'Contact', id: 'LIST' },
        { type: 'ContactList', id: 'LIST' },
        ...(id ? [{ type: 'Contact' as const, id }] : []),
      ],
    }),
    deleteContact: build.mutation<unknown, string>({
      query: (id) => ({ url: `contacts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Contact', id: 'LIST' },
        { type: 'ContactList', id: 'LIST' },
      ],
    }),
    deletePaymentCard: build.mutation<unknown, { contactId: string; card: PaymentCard }>({
      query: ({ contactId, card }) => ({
        url: `contacts/${encodeURIComponent(contactId)}/delete-card`,
        method: 'POST',
        body: { card },
      }),
      invalidatesTags: (_result, _error, { contactId }) => [{ type: 'Contact', id: contactId }],
    }),
    /** Every list of the club, for the contact's list multi-select. */
    getListOptions: build.query<ListRef[], void>({
      query: () => 'contacts/lists',
      providesTags: [{ type: 'ContactList', id: 'LIST' }],
    }),
    getContactList: build.query<ContactList, string>({
      query: (id) => `contacts/lists/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'ContactList', id }],
    }),
    saveContactList: build.mutation<string, ContactListPayload>({
      query: (body) => ({ url: 'contacts/lists/update', method: 'POST', body }),
      invalidatesTags: (id) => [
        { type: 'ContactList', id: 'LIST' },
        ...(id ? [{ type: 'ContactList' as const, id }] : []),
      ],
    }),
    deleteContactList: build.mutation<unknown, string>({
      query: (id) => ({ url: `contacts/lists/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ContactList', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetContactQuery,
  useSaveContactMutation,
  useDeleteContactMutation,
  useDeletePaymentCardMutation,
  useGetListOptionsQuery,
  useGetContactListQuery,
  useSaveContactListMutation,
  useDeleteContactListMutation,
} = contactsApi;
