import type { ExtraInfo } from '../../shared/extraInfo';

export interface PaymentCard {
  cardType: string;
  cardNumber: string;
  expMonth: number | string;
  expYear: number | string;
}

export interface Contact {
  id: string;
  /** The version it was read with: its editor sends it back with the save (stale: 409). */
  version: number;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  linkedin: string | null;
  about: string | null;
  highlighted: boolean;
  noInvitations: boolean;
  /** Unsubscribed from the club's newsletters (the newsletter mail's link, or staff). */
  noNewsletters: boolean;
  picture: string | null;
  extraInfo: ExtraInfo | null;
  companyIds: string[];
  listIds: string[];
  paymentCards: PaymentCard[];
}

export interface CompanyRef {
  id: string;
  name: string;
}

export interface ContactDetails {
  contact: Contact;
  companies: CompanyRef[];
}

/** The payload (`data`) of POST /api/contacts/update. */
export interface ContactPayload extends Omit<Contact, 'id' | 'version' | 'paymentCards'> {
  id: string | null;
  /** The version the editor read; null for a new contact. */
  version: number | null;
}

/** A row of POST /api/contacts. */
export interface ContactRow {
  Id: string;
  Firstname: string;
  Lastname: string;
  Email: string | null;
  Phone: string | null;
  Mobile: string | null;
  /** The company names, comma-joined. */
  Companies: string | null;
}

/** A contact as pickers and lists show it. */
export interface ContactRef {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone?: string | null;
  mobile?: string | null;
}

export interface ListRef {
  id: string;
  title: string;
}

export interface ContactList {
  id: string;
  /** The version it was read with: its editor sends it back with the save (stale: 409). */
  version: number;
  title: string;
  contacts: ContactRef[];
}

/** The body of POST /api/contacts/lists/update. */
export interface ContactListPayload {
  id: string | null;
  /** The version the editor read; null for a new list. */
  version: number | null;
  title: string;
  contactIds?: string[];
}

/** A row of POST /api/contacts/lists. */
export interface ContactListRow {
  Id: string;
  Title: string;
  /** How many contacts. */
  Contacts: number;
}
