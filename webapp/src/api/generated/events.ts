// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { ExtraInfoValue, Money } from './orders';

export type ExtraInfoType = "Radio" | "Checkbox" | "Select" | "Text";

export type EventExtraInfo = { title: string, alias: string, values: Array<string>, multiple: boolean, type: ExtraInfoType, required: boolean, };

export type EventSeating = { chartId: string | null, name: string | null, eventId: string | null, 
/**
 * The most seats one visitor's hold session may hold at the event at once (none: 20).
 */
maxSeatsPerSession?: number, 
/**
 * How many hold sessions opened from one address may hold seats at the event at once
 * (none: 4).
 */
maxSessionsPerVisitor?: number, };

export type EventCompany = { id: string, name: string, };

export type EventSponsor = { type: string, companyIds: Array<string>, 
/**
 * Read only: the names of `companyIds` (a save ignores it).
 */
companies: Array<EventCompany>, };

export type EventSender = { name: string, email: string, };

export type EventInvitees = { productIds: Array<string>, orderProductIds: Array<string>, companyIds: Array<string>, contactIds: Array<string>, contactListIds: Array<string>, };

export type CardFormat = "A4" | "A4 folded" | "A5";

export type CardOrientation = "Portrait" | "Landscape";

export type NotificationTemplates = { invitation: string | null, reminder: string | null, update: string | null, cancelled: string | null, receipt: string | null, };

export type EventNotifications = { emailNotifications: NotificationTemplates, smsNotifications: NotificationTemplates, 
/**
 * Days before the event (`REMINDER_INTERVALS`), or none.
 */
reminderInterval: number | null, };

export type ControlType = "None" | "Manual" | "Scan";

export type TicketProductRef = { id: string, title: string, 
/**
 * 'ticket' or 'seat-ticket'.
 */
type: string, price: Money, };

export type EventTicketProduct = { 
/**
 * None on a type's template and on a row not saved yet.
 */
id: string | null, productId: string | null, 
/**
 * Read only: the catalogue's product.
 */
product: TicketProductRef | null, title: string, price: Money, releaseReservedAt: string | null, maxAmount: number | null, maxCompanyAmount: number | null, nameRequired: boolean, public: boolean, disableAdditionalTickets: boolean, publicPrice: Money | null, makePublicAt: string | null, altStartDate: string | null, ticketDescription: string | null, };

export type EventTickets = { controlType: ControlType, template: string | null, ticketLogo: string | null, ticketPicture: string | null, products: Array<EventTicketProduct>, };

export type EventTablePlan = { productIds: Array<string>, cardPicture: string | null, cardFormat: CardFormat, cardOrientation: CardOrientation, };

export type EventContent = { 
/**
 * 'Ansvarlig': a user of the club.
 */
ownerId: string | null, title: string, 
/**
 * The public page's slug: /events/{url}.
 */
url: string, location: string, 
/**
 * Rich text (sanitised HTML), as are `privateDescription`, `ticketDescription` and `terms`.
 */
description: string, privateDescription: string, ticketDescription: string, terms: string, maxSignups: number | null, maxCompanySignups: number | null, bannerPicture: string | null, bannerBottom: string | null, inviteAttachment: string | null, 
/**
 * Read only: the attachment's file name.
 */
inviteAttachmentName: string | null, private: boolean, businessOnly: boolean, promote: boolean, showParticipants: boolean, hasTickets: boolean, hasSeating: boolean, hasSponsors: boolean, hasTables: boolean, activeDate: string | null, 
/**
 * Required on an event, maybe empty on a type; as are `endDate`, `signUpStart` and
 * `signUpDeadline`.
 */
startDate: string | null, endDate: string | null, signUpStart: string | null, signUpDeadline: string | null, signUpPublic: string | null, seating: EventSeating | null, sponsors: Array<EventSponsor>, extraInfo: Array<EventExtraInfo>, sender: EventSender, invitees: EventInvitees, tablePlan: EventTablePlan, notifications: EventNotifications, tickets: EventTickets, };

export type EventRef = { id: string, title: string, startDate: string, };

export type EventDto = { id: string | null, typeId: string | null, 
/**
 * The main event of a sub-event.
 */
parentId: string | null, 
/**
 * Read only.
 */
subEvents: Array<EventRef>, 
/**
 * The version a save sends back (a stale one is refused with 409).
 */
version: number, 
/**
 * When staff cancelled it ('Aflys arrangement'); None: it goes ahead.
 */
cancelledAt: string | null, 
/**
 * 'Ansvarlig': a user of the club.
 */
ownerId: string | null, title: string, 
/**
 * The public page's slug: /events/{url}.
 */
url: string, location: string, 
/**
 * Rich text (sanitised HTML), as are `privateDescription`, `ticketDescription` and `terms`.
 */
description: string, privateDescription: string, ticketDescription: string, terms: string, maxSignups: number | null, maxCompanySignups: number | null, bannerPicture: string | null, bannerBottom: string | null, inviteAttachment: string | null, 
/**
 * Read only: the attachment's file name.
 */
inviteAttachmentName: string | null, private: boolean, businessOnly: boolean, promote: boolean, showParticipants: boolean, hasTickets: boolean, hasSeating: boolean, hasSponsors: boolean, hasTables: boolean, activeDate: string | null, 
/**
 * Required on an event, maybe empty on a type; as are `endDate`, `signUpStart` and
 * `signUpDeadline`.
 */
startDate: string | null, endDate: string | null, signUpStart: string | null, signUpDeadline: string | null, signUpPublic: string | null, seating: EventSeating | null, sponsors: Array<EventSponsor>, extraInfo: Array<EventExtraInfo>, sender: EventSender, invitees: EventInvitees, tablePlan: EventTablePlan, notifications: EventNotifications, tickets: EventTickets, };

export type TypeContract = { id: string, contractNumber: number, companyName: string | null, };

export type TypeRelations = { companyIds: Array<string>, contractIds: Array<string>, 
/**
 * Read only: the companies of `companyIds` by name (a save ignores it).
 */
companies: Array<EventCompany>, 
/**
 * Read only: the contracts of `contractIds` (a save ignores it).
 */
contracts: Array<TypeContract>, };

export type EventTypeDto = { id: string | null, 
/**
 * Relationer: what a new event of the type is linked to.
 */
relations: TypeRelations, 
/**
 * Read only: the events of the type, the newest first (at most 100).
 */
events: Array<EventRef>, version: number, 
/**
 * 'Ansvarlig': a user of the club.
 */
ownerId: string | null, title: string, 
/**
 * The public page's slug: /events/{url}.
 */
url: string, location: string, 
/**
 * Rich text (sanitised HTML), as are `privateDescription`, `ticketDescription` and `terms`.
 */
description: string, privateDescription: string, ticketDescription: string, terms: string, maxSignups: number | null, maxCompanySignups: number | null, bannerPicture: string | null, bannerBottom: string | null, inviteAttachment: string | null, 
/**
 * Read only: the attachment's file name.
 */
inviteAttachmentName: string | null, private: boolean, businessOnly: boolean, promote: boolean, showParticipants: boolean, hasTickets: boolean, hasSeating: boolean, hasSponsors: boolean, hasTables: boolean, activeDate: string | null, 
/**
 * Required on an event, maybe empty on a type; as are `endDate`, `signUpStart` and
 * `signUpDeadline`.
 */
startDate: string | null, endDate: string | null, signUpStart: string | null, signUpDeadline: string | null, signUpPublic: string | null, seating: EventSeating | null, sponsors: Array<EventSponsor>, extraInfo: Array<EventExtraInfo>, sender: EventSender, invitees: EventInvitees, tablePlan: EventTablePlan, notifications: EventNotifications, tickets: EventTickets, };

export type EventTypeChoice = { id: string, title: string, };

export type EventListRow = { Id: string, Title: string, Type: string | null, Location: string | null, StartDate: string, EndDate: string, SignUpDeadline: string, Promote: boolean, HasTickets: boolean, 
/**
 * Sold by seat (the event has a seat chart).
 */
HasSeating: boolean, Private: boolean, Url: string, 
/**
 * Staff cancelled it ('Aflys arrangement').
 */
Cancelled: boolean, children?: Array<EventListRow>, };

export type EventTypeListRow = { Id: string, Title: string, };

export type EventCard = { id: string, title: string, 
/**
 * Plain text: the description without its markup, at most 200 characters.
 */
description: string | null, location: string | null, startDate: string, 
/**
 * The banner's public address.
 */
banner: string | null, 
/**
 * The public page's slug: /events/{url}.
 */
url: string, 
/**
 * Staff cancelled it (issue 40 §4): the card says 'Aflyst'.
 */
cancelled: boolean, };

export type ScanFilter = "all" | "scanned" | "notScanned";

export type ScannedTicket = { number: number, name: string | null, company: string | null, product: string, 
/**
 * The add-ons' titles.
 */
options: Array<string>, 
/**
 * Where it sits, as the door reads it ('Tribune A, række 3, plads 12'), if it has a seat.
 */
seat: string | null, section: string | null, row: string | null, seatNumber: string | null, 
/**
 * When and by whom it was scanned (a refused second scan).
 */
scannedAt: string | null, scannedBy: string | null, };

export type AttendeeQuery = { search: string | null, company: string | null, 
/**
 * all, scanned or notScanned (Alle, Scannet, Ikke scannet).
 */
status: ScanFilter | null, page: number | null, perPage: number | null, };

export type Attendee = { id: string, number: number, 
/**
 * The holder's name, else the buyer's.
 */
name: string | null, company: string | null, companyId: string | null, product: string, section: string | null, row: string | null, seatNumber: string | null, options: Array<string>, extraInfo: Array<ExtraInfoValue>, scanned: boolean, scannedAt: string | null, 
/**
 * The code the ticket's QR prints (scan from the list).
 */
ticketId: string, };

export type AttendeeCompany = { id: string, name: string, };

export type SectionSeats = { section: string, 
/**
 * Sold, reserved for season tickets or held by a buyer now.
 */
bookedSeats: number, availableSeats: number, };

export type AttendeeOverview = { ticketsSold: Money, onlineTicketsSold: Money, posTicketsSold: Money, bookedTickets: number, 
/**
 * The event's 'Maks. tilmeldinger', when it has one.
 */
totalTickets: number | null, scanned: number, sections: Array<SectionSeats>, 
/**
 * Whether the sums include VAT (the club's prices do).
 */
pricesWithVat: boolean, };

export type TableGuest = { 
/**
 * The guest's ticket.
 */
ticketId: string, number: number, name: string | null, companyId: string | null, company: string | null, };

export type EventTable = { id: string, title: string, description: string | null, seats: number, autoPlace: boolean, 
/**
 * Seats left.
 */
free: number, 
/**
 * In the order they were placed.
 */
seating: Array<TableGuest>, };

export type TableInput = { id: string | null, title: string | null, description: string | null, seats: number | null, autoPlace: boolean, seating: Array<string> | null, };

export type UnplacedQuery = { search: string | null, page: number | null, perPage: number | null, };

export type AutoSeated = { placed: number, 
/**
 * Guests still at no table (the auto-place tables are full).
 */
unplaced: number, };

export type RelatedOrder = { id: string, orderNumber: number, status: string, customer: string, companyName: string | null, tickets: number, 
/**
 * In øre.
 */
total: number, createdAt: string, };

export type RelatedCompany = { id: string, name: string, 
/**
 * Tickets of the event that admit someone.
 */
tickets: number, invited: boolean, 
/**
 * Linked by hand (may be unlinked).
 */
linked: boolean, };

export type RelatedContract = { id: string, contractNumber: number, status: string, companyName: string | null, linkedAt: string, };

export type EventRelations = { orders: Array<RelatedOrder>, companies: Array<RelatedCompany>, contracts: Array<RelatedContract>, };

export type RelationType = "company" | "contract";

export type RelationInput = { relationType: RelationType | null, relationId: string | null, };

export type InviteContact = { id: string, firstname: string, lastname: string, email: string | null, phone: string | null, };

export type InviteProduct = { productId: string, title: string, amount: number, };

export type Invite = { id: string, token: string, 
/**
 * The invite's public link, as the mail gives it.
 */
link: string, contact: InviteContact, companyId: string | null, companyName: string | null, listId: string | null, products: Array<InviteProduct>, invitationSent: InvitationSent, sentAt: string | null, reminderSentAt: string | null, 
/**
 * Tickets booked through the invite's link.
 */
booked: number, };

export type InvitationSent = "yes" | "no";

export type InviteGroup = { key: string, title: string, invites: Array<Invite>, };

export type EventInvites = { companies: Array<InviteGroup>, lists: Array<InviteGroup>, };

export type InviteSelection = { productIds: Array<string>, orderProductIds: Array<string>, companyIds: Array<string>, contactIds: Array<string>, contactListIds: Array<string>, };

export type InvitesCreated = { created: number, 
/**
 * Contacts left out: already invited, or not wanting invitations (noInvitations).
 */
skipped: number, };

export type InvitesQueued = { queued: number, 
/**
 * Left out: no e-mail, noInvitations, or already sent (without force).
 */
skipped: number, };

export type InviteProductInput = { productId: string | null, amount: number | null, };

export type InviteGroupProduct = { productId: string, title: string, amount: number, amountPerInvite: number, };

export type InviteGroupProducts = { key: string, products: Array<InviteGroupProduct>, };

export type InviteGroupProductInput = { productId: string | null, amount: number | null, amountPerInvite: number | null, };

export type InviteGroupInput = { key: string, products: Array<InviteGroupProductInput>, };

export type PublicInviteProduct = { productId: string, title: string, amount: number, left: number, };

export type PublicInvite = { eventId: string, eventUrl: string, eventTitle: string, firstname: string, lastname: string, email: string | null, phone: string | null, companyId: string | null, companyName: string | null, products: Array<PublicInviteProduct>, 
/**
 * Every free ticket was booked.
 */
usedUp: boolean, };

/** Spec 2 §9: the days before the event a reminder may go. */
export const REMINDER_INTERVALS = [1, 2, 3, 4, 5, 7, 14] as const;
