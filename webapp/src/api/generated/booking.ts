// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { ExtraInfoValue, Money } from './orders';
import type { EventExtraInfo } from './events';

export type SignUpStatus = "notOpenYet" | "invitedOnly" | "open" | "closed";

export type PublicSponsor = { id: string, name: string, 
/**
 * The company's web logo, when it has one.
 */
logo: string | null, };

export type PublicSponsorGroup = { type: string, companies: Array<PublicSponsor>, };

export type PublicParticipant = { name: string, 
/**
 * A company (its tickets), not a person.
 */
company: boolean, };

export type PublicParticipants = { list: Array<PublicParticipant>, 
/**
 * How many more come than the list names (a long list is cut).
 */
more: number, };

export type CustomerChoice = { key: string, companyId: string | null, contactId: string | null, label: string, };

export type PublicCustomer = { firstname: string, lastname: string, email: string, phone: string, };

export type PublicEvent = { id: string, title: string, url: string, location: string, startDate: string, endDate: string, 
/**
 * Sanitised HTML, as are `ticketDescription` and `terms`.
 */
description: string, ticketDescription: string, 
/**
 * The event's terms, else the club's 'Handelsbetingelser'.
 */
terms: string, bannerPicture: string | null, bannerBottom: string | null, signUpStart: string, signUpPublic: string | null, signUpDeadline: string, signUp: SignUpStatus, 
/**
 * Staff cancelled it (issue 40 §4): the page says so and nothing can be booked.
 */
cancelled: boolean, businessOnly: boolean, private: boolean, hasTickets: boolean, extraInfo: Array<EventExtraInfo>, sponsors: Array<PublicSponsorGroup>, 
/**
 * Who comes, when the event shows its participants; None when it does not.
 */
participants: PublicParticipants | null, 
/**
 * Whom the signed-in user may book as (empty for a visitor).
 */
customers: Array<CustomerChoice>, 
/**
 * Guests may book (not on a business-only event).
 */
guestsAllowed: boolean, 
/**
 * The signed-in user, to fill the customer fields.
 */
user: PublicCustomer | null, 
/**
 * Whom to contact (the club's e-mail).
 */
clubEmail: string, 
/**
 * How cards are paid here; None: the club takes no cards (only free bookings).
 */
provider: 'stripe' | 'window' | null, 
/**
 * The club shows no VAT.
 */
vatDisabled: boolean, };

export type SeatCategory = { key: string, color: string, label: string, accessible: boolean, };

export type PublicOptionVariant = { id: string, title: string, };

export type PublicOption = { 
/**
 * The add-on's catalogue product.
 */
productId: string, title: string, price: Money, selected: boolean, 
/**
 * The variant the add-on is sold in, when it names one; `variants` holds it.
 */
variantId: string | null, variants: Array<PublicOptionVariant>, };

export type PublicProduct = { 
/**
 * The event's ticket product.
 */
productId: string, catalogueProductId: string, title: string, description: string | null, price: Money, 
/**
 * How many are left for this customer (places, the product's quota, the company's share);
 * None: no limit.
 */
available: number | null, 
/**
 * How many of it the customer already holds for this event.
 */
purchased: number, 
/**
 * The customer's own limit at this event (a company's share or ticket limit); None: none.
 */
maxAmount: number | null, 
/**
 * Free tickets the company's contracts still grant here.
 */
allowance: number, 
/**
 * ticket, seat-ticket or other.
 */
type: string, isTicket: boolean, seasonal: boolean, 
/**
 * A contract of the company includes it.
 */
inContract: boolean, nameRequired: boolean, seatCategories: Array<SeatCategory>, 
/**
 * The add-ons the buyer may choose for each ticket of it.
 */
options: Array<PublicOption>, extraInfo: Array<EventExtraInfo>, };

export type BookingOptionInput = { productId: string | null, variantId?: string, selected?: boolean, };

export type BookingLineInput = { 
/**
 * The event's ticket product.
 */
productId: string | null, amount: number, 
/**
 * The holder's name of a one-ticket line.
 */
name: string | null, 
/**
 * The holders' names, one per ticket, when the product requires names.
 */
names: Array<string>, extraInfo: Array<ExtraInfoValue>, holdToken: string | null, seat: string | null, section: string | null, row: string | null, seatNumber: string | null, 
/**
 * The seat's category colour, as the picker drew it (the server reads the seat's own).
 */
color: string | null, 
/**
 * The add-ons chosen for each of the line's tickets.
 */
options: Array<BookingOptionInput>, 
/**
 * How many of the line's tickets the buyer was shown free (`create-intent`'s `free`).
 * When fewer are free by the time it books (another booking took the company's free
 * tickets meanwhile), `book` refuses on `products.{i}.amount` instead of charging the
 * buyer for them; not given: the line is booked at its price then.
 */
free?: number, };

export type BookingInput = { eventId: string | null, companyId: string | null, contactId: string | null, products: Array<BookingLineInput>, firstname: string, lastname: string, email: string, phone: string, 
/**
 * 'Opret bruger': a visitor makes a user with `password` as they book.
 */
createUser: boolean, password: string | null, 
/**
 * Answers to the event's questions.
 */
extraInfo: Array<ExtraInfoValue>, 
/**
 * 'Handelsbetingelser' accepted.
 */
acceptTerms: boolean, 
/**
 * Not taken in the public booking: the discount is always 0 (spec 2 §9); a code sent is
 * refused on `discountCode`, so nobody is charged as if it had been taken.
 */
discountCode: string | null, 
/**
 * The invite link's token (issue 18): its free tickets, and the door of an event open to
 * the invited only.
 */
inviteToken?: string, };

export type PricedSeat = { label: string, section: string, row: string, number: string, };

export type PricedOption = { productId: string, title: string, price: Money, };

export type PricedLine = { productId: string, title: string, amount: number, free: number, 
/**
 * Per ticket.
 */
price: Money, 
/**
 * The add-ons chosen, each at its price per ticket: charged on every ticket, the free
 * ones too.
 */
options: Array<PricedOption>, 
/**
 * The tickets charged at `price`, and the add-ons of every ticket.
 */
total: Money, 
/**
 * A seat-ticket line's seat as its hold session holds it now: the seat the ticket will
 * have (the buyer's own record of what was picked is not shown instead).
 */
seat: PricedSeat | null, };

export type PricedBooking = { bookingProducts: Array<PricedLine>, subtotal: Money, 
/**
 * Always 0 in the public booking (spec 2 §9).
 */
discount: Money, 
/**
 * The VAT included in `total`: `subtotal` + `vat` = `total`.
 */
vat: Money, total: Money, };

export type BookingIntent = { intentSecret: string, booking: PricedBooking, };

export type BookedOrder = { orderId: string, token: string, 
/**
 * The places are held for the card payment until then; None once confirmed.
 */
expires: string | null, };

export type PublicOrderStatus = "draft" | "cancelled" | "approved";

export type PublicOrderLine = { id: string, title: string, amount: number, price: Money, total: Money, options: Array<string>, extraInfo: Array<ExtraInfoValue>, };

export type PublicTicket = { ticketId: string, number: number, product: string, name: string | null, section: string | null, row: string | null, seatNumber: string | null, 
/**
 * Where the PDF is.
 */
download: string, };

export type PublicOrder = { id: string, orderNumber: number, status: PublicOrderStatus, subtotal: Money, vat: Money, total: Money, firstname: string, lastname: string, email: string, phone: string, orderLines: Array<PublicOrderLine>, 
/**
 * Once approved.
 */
tickets: Array<PublicTicket>, 
/**
 * The buyer asked for a user ('Opret bruger') as they booked: the page says it was made
 * and that the e-mail must be confirmed.
 */
accountCreated: boolean, };

export type PublicOrderPayment = { provider: 'stripe' | 'window' | null, 
/**
 * A retry by card is possible.
 */
payable: boolean, 
/**
 * Why the last card payment failed.
 */
lastError: string | null, 
/**
 * The places are held until then (a retry after it takes them anew, if still there).
 */
expires: string | null, };
