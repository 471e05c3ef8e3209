// The server's types are generated from the Rust types (src/api/generated/crm.ts).
import type {
  ContactDto,
  ContactInput,
  ContactListDto,
  ContactListInput,
  ContactListRow,
  ContactPick,
  ContactRow,
  ListRef,
  NamedRef,
  PaymentCard,
} from '../../api/generated/crm';

export type { ContactListRow, ContactRow, ListRef, PaymentCard };

/** A contact as its editor reads it. */
export type Contact = ContactDto;

/** A company the contact works for. */
export type CompanyRef = NamedRef;

export interface ContactDetails {
  contact: Contact;
  companies: CompanyRef[];
}

/** The payload (`data`) of POST /api/contacts/update. */
export type ContactPayload = ContactInput;

/**
 * A member as the list's editor holds it: one read with the list, or one just chosen in the
 * contact picker.
 */
export type ContactRef = Pick<ContactPick, 'id' | 'firstname' | 'lastname'> & {
  email: string | null;
};

/** A contact list as its editor reads it. */
export type ContactList = ContactListDto;

/** The body of POST /api/contacts/lists/update. */
export type ContactListPayload = ContactListInput;
