//! What the public booking sends and receives (spec 2 §3 Public product for sale, Booking,
//! Booking line, Order (public confirmation), Ticket; §7 Public booking). Money is integer øre,
//! times UTC date-times. `productId` in the public calls names the event's ticket product (what
//! is for sale at this event); `catalogueProductId` the catalogue's product behind it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tribune_domain::money::Money;
use tribune_domain::order::ExtraInfoValue;
use uuid::Uuid;

use crate::events::dto::EventExtraInfo;
use crate::integrations::payments::ProviderKind;
use crate::sales::offers::SeatCategory;

/// Where the event's sign-up stands now (spec 2 §4 sign-up window).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SignUpStatus {
    NotOpenYet,
    /// Open to the invited only, until the public sign-up date.
    InvitedOnly,
    Open,
    Closed,
}

/// A sponsor as the public page shows it.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSponsor {
    pub id: Uuid,
    pub name: String,
    /// The company's web logo, when it has one.
    pub logo: Option<String>,
}

/// The sponsors of one sponsor type.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicSponsorGroup {
    #[serde(rename = "type")]
    pub kind: String,
    pub companies: Vec<PublicSponsor>,
}

/// One who comes, as the public page lists them: a company by its name, or a person by theirs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicParticipant {
    pub name: String,
    /// A company (its tickets), not a person.
    pub company: bool,
}

/// Who comes to the event (spec 2 §3 `showParticipants`): companies first, then people, each by
/// name and once; only names, never an e-mail or other details.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicParticipants {
    pub list: Vec<PublicParticipant>,
    /// How many more come than the list names (a long list is cut).
    #[ts(type = "number")]
    pub more: i64,
}

/// Whom a signed-in user may book as (spec 2 §4 Customer choice): one of their companies, their
/// own contact, or a guest purchase (both ids empty). `key` is what the products answer is keyed by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerChoice {
    pub key: String,
    pub company_id: Option<Uuid>,
    pub contact_id: Option<Uuid>,
    pub label: String,
}

/// The signed-in user's details, to fill the customer fields.
#[derive(Debug, Clone, Default, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicCustomer {
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
}

/// GET /public/events/{url}: the public event page.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicEvent {
    pub id: Uuid,
    pub title: String,
    pub url: String,
    pub location: String,
    pub start_date: DateTime<Utc>,
    pub end_date: DateTime<Utc>,
    /// Sanitised HTML, as are `ticketDescription` and `terms`.
    pub description: String,
    pub ticket_description: String,
    /// The event's terms, else the club's 'Handelsbetingelser'.
    pub terms: String,
    pub banner_picture: Option<String>,
    pub banner_bottom: Option<String>,
    pub sign_up_start: DateTime<Utc>,
    pub sign_up_public: Option<DateTime<Utc>>,
    pub sign_up_deadline: DateTime<Utc>,
    pub sign_up: SignUpStatus,
    /// Staff cancelled it (issue 40 §4): the page says so and nothing can be booked.
    pub cancelled: bool,
    pub business_only: bool,
    pub private: bool,
    pub has_tickets: bool,
    pub extra_info: Vec<EventExtraInfo>,
    pub sponsors: Vec<PublicSponsorGroup>,
    /// Who comes, when the event shows its participants; None when it does not.
    pub participants: Option<PublicParticipants>,
    /// Whom the signed-in user may book as (empty for a visitor).
    pub customers: Vec<CustomerChoice>,
    /// Guests may book (not on a business-only event).
    pub guests_allowed: bool,
    /// The signed-in user, to fill the customer fields.
    pub user: Option<PublicCustomer>,
    /// Whom to contact (the club's e-mail).
    pub club_email: String,
    /// How cards are paid here; None: the club takes no cards (only free bookings).
    #[schema(value_type = Option<String>)]
    #[ts(type = "'stripe' | 'window' | null")]
    pub provider: Option<ProviderKind>,
    /// The club shows no VAT.
    pub vat_disabled: bool,
}

/// A product for sale at the event, as the chosen customer may buy it (spec 2 §3).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicProduct {
    /// The event's ticket product.
    pub product_id: Uuid,
    pub catalogue_product_id: Uuid,
    pub title: String,
    pub description: Option<String>,
    pub price: Money,
    /// How many are left for this customer (places, the product's quota, the company's share);
    /// None: no limit.
    #[ts(type = "number | null")]
    pub available: Option<i32>,
    /// How many of it the customer already holds for this event.
    #[ts(type = "number")]
    pub purchased: i32,
    /// The customer's own limit at this event (a company's share or ticket limit); None: none.
    #[ts(type = "number | null")]
    pub max_amount: Option<i32>,
    /// Free tickets the company's contracts still grant here.
    #[ts(type = "number")]
    pub allowance: i32,
    /// ticket, seat-ticket or other.
    #[serde(rename = "type")]
    pub kind: String,
    pub is_ticket: bool,
    pub seasonal: bool,
    /// A contract of the company includes it.
    pub in_contract: bool,
    pub name_required: bool,
    pub seat_categories: Vec<SeatCategory>,
    /// The add-ons the buyer may choose for each ticket of it.
    pub options: Vec<PublicOption>,
    pub extra_info: Vec<EventExtraInfo>,
}

/// An add-on of a ticket product (spec 2 §3 public product `options`): chosen per ticket, at
/// `price` per ticket (VAT included, as the booking's prices are); `selected`: chosen until the
/// buyer takes it off.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOption {
    /// The add-on's catalogue product.
    pub product_id: Uuid,
    pub title: String,
    pub price: Money,
    pub selected: bool,
    /// The variant the add-on is sold in, when it names one; `variants` holds it.
    pub variant_id: Option<Uuid>,
    pub variants: Vec<PublicOptionVariant>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOptionVariant {
    pub id: Uuid,
    pub title: String,
}

/// An add-on chosen on a booking line: the add-on's product, as the product's `options` name it.
/// An option sent with `selected: false` is not chosen (the wizard may send the product's
/// options back as it shows them).
#[derive(Debug, Clone, Default, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BookingOptionInput {
    pub product_id: Option<Uuid>,
    #[ts(optional)]
    pub variant_id: Option<Uuid>,
    #[ts(optional)]
    pub selected: Option<bool>,
}

/// An add-on of a priced line, at its price per ticket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricedOption {
    pub product_id: Uuid,
    pub title: String,
    pub price: Money,
}

/// One line of the booking (spec 2 §3 Booking line). A seat-ticket line is one seat: its label
/// ('row-number') in `seat` and the hold session holding it in `holdToken`; section, row, seat
/// number and colour are the picker's, and the server reads the seat's own.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BookingLineInput {
    /// The event's ticket product.
    pub product_id: Option<Uuid>,
    #[ts(type = "number")]
    pub amount: i64,
    /// The holder's name of a one-ticket line.
    pub name: Option<String>,
    /// The holders' names, one per ticket, when the product requires names.
    pub names: Vec<String>,
    #[schema(value_type = Vec<Object>)]
    pub extra_info: Vec<ExtraInfoValue>,
    pub hold_token: Option<String>,
    pub seat: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    /// The seat's category colour, as the picker drew it (the server reads the seat's own).
    pub color: Option<String>,
    /// The add-ons chosen for each of the line's tickets.
    pub options: Vec<BookingOptionInput>,
    /// How many of the line's tickets the buyer was shown free (`create-intent`'s `free`).
    /// When fewer are free by the time it books (another booking took the company's free
    /// tickets meanwhile), `book` refuses on `products.{i}.amount` instead of charging the
    /// buyer for them; not given: the line is booked at its price then.
    #[ts(optional, type = "number")]
    pub free: Option<i32>,
}

/// The booking as the wizard sends it (spec 2 §3 Booking). The totals are the server's.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BookingInput {
    pub event_id: Option<Uuid>,
    pub company_id: Option<Uuid>,
    pub contact_id: Option<Uuid>,
    pub products: Vec<BookingLineInput>,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
    /// 'Opret bruger': a visitor makes a user with `password` as they book.
    pub create_user: bool,
    pub password: Option<String>,
    /// Answers to the event's questions.
    #[schema(value_type = Vec<Object>)]
    pub extra_info: Vec<ExtraInfoValue>,
    /// 'Handelsbetingelser' accepted.
    pub accept_terms: bool,
    /// Not taken in the public booking: the discount is always 0 (spec 2 §9); a code sent is
    /// refused on `discountCode`, so nobody is charged as if it had been taken.
    pub discount_code: Option<String>,
    /// The invite link's token (issue 18): its free tickets, and the door of an event open to
    /// the invited only.
    #[ts(optional)]
    pub invite_token: Option<String>,
}

crate::sales::buyer::buyer_form!(BookingInput);

/// A line as the booking prices it: the allowance pays `free` of it, the rest at `price`.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricedLine {
    pub product_id: Uuid,
    pub title: String,
    #[ts(type = "number")]
    pub amount: i32,
    #[ts(type = "number")]
    pub free: i32,
    /// Per ticket.
    pub price: Money,
    /// The add-ons chosen, each at its price per ticket: charged on every ticket, the free
    /// ones too.
    pub options: Vec<PricedOption>,
    /// The tickets charged at `price`, and the add-ons of every ticket.
    pub total: Money,
    /// A seat-ticket line's seat as its hold session holds it now: the seat the ticket will
    /// have (the buyer's own record of what was picked is not shown instead).
    pub seat: Option<PricedSeat>,
}

/// A seat of a priced line: its label and where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricedSeat {
    pub label: String,
    pub section: String,
    pub row: String,
    pub number: String,
}

/// The booking's lines as they would be priced (`data` of the products answer).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricedLines {
    pub booking_products: Vec<PricedLine>,
}

/// The booking priced (`create-intent`'s answer).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricedBooking {
    pub booking_products: Vec<PricedLine>,
    pub subtotal: Money,
    /// Always 0 in the public booking (spec 2 §9).
    pub discount: Money,
    /// The VAT included in `total`: `subtotal` + `vat` = `total`.
    pub vat: Money,
    pub total: Money,
}

/// `create-intent`'s answer: the key `book` is called with (the same key books once), and the
/// booking as it would be priced.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingIntent {
    pub intent_secret: String,
    pub booking: PricedBooking,
}

/// `book`'s `data`: the order made, and the token that opens its confirmation and tickets.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookedOrder {
    pub order_id: Uuid,
    pub token: String,
    /// The places are held for the card payment until then; None once confirmed.
    pub expires: Option<DateTime<Utc>>,
}

/// Draft, cancelled or approved (spec 2 §4 Public order status).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PublicOrderStatus {
    Draft,
    Cancelled,
    Approved,
}

/// A line of the confirmed order.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOrderLine {
    pub id: Uuid,
    pub title: String,
    #[ts(type = "number")]
    pub amount: i64,
    pub price: Money,
    pub total: Money,
    pub options: Vec<String>,
    #[schema(value_type = Vec<Object>)]
    pub extra_info: Vec<ExtraInfoValue>,
}

/// A ticket as its buyer sees it (spec 2 §3 Ticket): `ticketId` is the code the QR prints and
/// the download names.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicTicket {
    pub ticket_id: String,
    #[ts(type = "number")]
    pub number: i64,
    pub product: String,
    pub name: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    /// Where the PDF is.
    pub download: String,
}

/// GET {ep}/{id}/order/{orderId}: the order as its confirmation shows it.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOrder {
    pub id: Uuid,
    #[ts(type = "number")]
    pub order_number: i64,
    pub status: PublicOrderStatus,
    pub subtotal: Money,
    pub vat: Money,
    pub total: Money,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
    pub order_lines: Vec<PublicOrderLine>,
    /// Once approved.
    pub tickets: Vec<PublicTicket>,
    /// The buyer asked for a user ('Opret bruger') as they booked: the page says it was made
    /// and that the e-mail must be confirmed.
    pub account_created: bool,
}

/// `data` of the order answer: how a draft may still be paid.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOrderPayment {
    #[schema(value_type = Option<String>)]
    #[ts(type = "'stripe' | 'window' | null")]
    pub provider: Option<ProviderKind>,
    /// A retry by card is possible.
    pub payable: bool,
    /// Why the last card payment failed.
    pub last_error: Option<String>,
    /// The places are held until then (a retry after it takes them anew, if still there).
    pub expires: Option<DateTime<Utc>>,
}
