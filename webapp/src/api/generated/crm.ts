// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Money } from './orders';

export type ExtraInfoEntry = { title: string, alias: string, 
/**
 * The text, or the chosen texts of a field that holds several; null when not answered.
 */
value: string | Array<string> | null, 
/**
 * The definition's choices.
 */
values: Array<string>, };

export type CvrCompany = { name: string, cvr: string, address: string, zipCode: string, city: string, email: string, phone: string, website: string, };

export type CompanyPick = { id: string, name: string, cvr: string | null, city: string | null, };

export type ContactPick = { id: string, firstname: string, lastname: string, email: string, phone: string | null, mobile: string | null, };

export type TicketLimit = { productId: string, maxAmount: number, };

export type CompanyDto = { id: string, name: string, cvr: string | null, ean: string | null, address: string | null, zipCode: string | null, city: string | null, email: string | null, phone: string | null, website: string | null, 
/**
 * 0 Lead, 1 Kunde, 2 Under forhandling, 99 Opsagt (`STATUSES`).
 */
status: number, followUpDate: string | null, vatExcluded: boolean, useEAN: boolean, 
/**
 * The logo's download address.
 */
logoWeb: string | null, logoPrint: string | null, 
/**
 * By alias: {title, alias, value, values} (`extra_info::normalize`).
 */
extraInfo: Record<string, ExtraInfoEntry>, 
/**
 * By event type id: the products' limits.
 */
ticketLimits: Record<string, Array<TicketLimit>>, ownerId: string | null, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, contacts: Array<ContactPick>, };

export type CompanyOrder = { id: string, orderNumber: number, status: string, paymentStatus: string, 
/**
 * When it was created (as the database writes a timestamp).
 */
createDate: string, subtotal: Money, additionalFee: Money, vat: Money, total: Money, };

export type CompanyContract = { id: string, contractNumber: number, status: string, 
/**
 * The order category's title.
 */
category: string | null, startDate: string | null, endDate: string | null, noEndDate: boolean, renewDate: string | null, subtotal: Money, additionalFee: Money, total: Money, };

export type CompanyRelations = { orders: Array<CompanyOrder>, contracts: Array<CompanyContract>, };

export type CompanyRevenue = { 
/**
 * Approved orders of the year without VAT, in øre.
 */
revenue: Money, 
/**
 * The calendar year, e.g. "2026".
 */
year: string, };

export type ContactId = { id: string, };

export type CompanyInput = { id: string | null, name: string | null, cvr: string | null, ean: string | null, address: string | null, zipCode: string | null, city: string | null, email: string | null, phone: string | null, website: string | null, status: number | null, followUpDate: string | null, vatExcluded: boolean, useEAN: boolean, 
/**
 * Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
 */
logoWeb?: string | null, 
/**
 * Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
 */
logoPrint?: string | null, 
/**
 * By alias: the entry, or its value alone.
 */
extraInfo: Record<string, ExtraInfoEntry | string | Array<string> | null>, ticketLimits: Record<string, Array<TicketLimit>>, ownerId: string | null, contactIds?: Array<string>, 
/**
 * Instead of `contactIds`: the contacts as read.
 */
contacts?: Array<ContactId>, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type TicketUtilization = { 
/**
 * The product's id.
 */
id: string, 
/**
 * The product's title.
 */
product: string, used: number, total: number, 
/**
 * `used` of `total`, in whole percent.
 */
utilization: number, };

export type Titled = { id: string, title: string, };

export type EventTypesAndProducts = { success: boolean, 
/**
 * The club's event types.
 */
result: Array<Titled>, 
/**
 * The club's active ticket products.
 */
products: Array<Titled>, };

export type ContactRow = { Id: string, Firstname: string, Lastname: string, Email: string, Phone: string | null, Mobile: string | null, 
/**
 * The names of the companies the contact works for, comma-joined ('' for none).
 */
Companies: string, };

export type PaymentCard = { 
/**
 * The provider's id of the card; absent on a stored card.
 */
cardId?: string, cardType: string, cardNumber: string, expMonth: number | string, expYear: number | string, 
/**
 * The provider's default card of the customer; absent on a stored card.
 */
isDefault?: boolean, };

export type ContactDto = { id: string, firstname: string, lastname: string, email: string, phone: string | null, mobile: string | null, linkedin: string | null, about: string | null, highlighted: boolean, noInvitations: boolean, 
/**
 * Unsubscribed from the club's newsletters (the newsletter's link, or staff).
 */
noNewsletters: boolean, 
/**
 * The picture's download address.
 */
picture: string | null, 
/**
 * By alias: {title, alias, value, values} (`extra_info::normalize`).
 */
extraInfo: Record<string, ExtraInfoEntry>, 
/**
 * The cards the contact keeps at the club's card provider, or, where the provider does not
 * answer, the cards stored on the contact.
 */
paymentCards: Array<PaymentCard>, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, companyIds: Array<string>, listIds: Array<string>, };

export type ContactInput = { id: string | null, firstname: string | null, lastname: string | null, email: string | null, phone: string | null, mobile: string | null, linkedin: string | null, about: string | null, highlighted: boolean, noInvitations: boolean, 
/**
 * None (left out) keeps what the contact said.
 */
noNewsletters?: boolean | null, 
/**
 * Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
 */
picture?: string | null, 
/**
 * By alias: the entry, or its value alone.
 */
extraInfo: Record<string, ExtraInfoEntry | string | Array<string> | null>, 
/**
 * Left out: the companies stay as they are.
 */
companyIds?: Array<string>, 
/**
 * Left out: the lists stay as they are.
 */
listIds?: Array<string>, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type DeleteCard = { 
/**
 * The card as read: one with a `cardId` is the provider's.
 */
card: PaymentCard, };

export type NamedRef = { id: string, name: string, };

export type ContactRelations = { companies: Array<NamedRef>, };

export type ListRef = { id: string, title: string, };

export type SavedId = { id: string, };

export type ContactListRow = { Id: string, Title: string, 
/**
 * How many contacts are on the list.
 */
Contacts: number, };

export type ListMember = { id: string, firstname: string, lastname: string, email: string, };

export type ContactListDto = { id: string, title: string, 
/**
 * The members, by name.
 */
contacts: Array<ListMember>, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, };

export type ContactListInput = { id: string | null, title: string | null, 
/**
 * Left out: the members stay as they are.
 */
contactIds?: Array<string>, 
/**
 * The version the editor read (GET `version`); required when saving an existing row, and a stale one is 409.
 */
version: number | null, };

export type Author = { firstname: string, lastname: string, picture: string | null, };

export type FileLink = { name: string, url: string, };

export type Comment = { id: string, text: string, author: Author, authorId: string | null, createDate: string, unread: boolean, images: Array<string>, files: Array<FileLink>, 
/**
 * The answers to it, oldest first, at any depth.
 */
replies: Array<Comment>, 
/**
 * What it was written on, e.g. 'Virksomhed: Byg A/S'.
 */
origin: string | null, originUrl: string | null, };

export type CommentsPage = { success: boolean, 
/**
 * Newest first, threaded; `PAGE_SIZE` top comments from `skip`.
 */
comments: Array<Comment>, 
/**
 * Top comments in all.
 */
totalComments: number, 
/**
 * Comments (replies too) the staff member has not read.
 */
unread: number, };

export type StoredFile = { id: string, fileName: string, contentType: string, 
/**
 * Bytes.
 */
size: number, 
/**
 * Its download address.
 */
filePath: string, isImage: boolean, };
