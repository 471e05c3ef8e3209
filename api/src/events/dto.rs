//! What the events area sends and receives (spec 2 §3 Event, Event ticket product): the event
//! form an event and a type both hold, the editors' reads, the list rows and the public home's
//! cards. Times are UTC date-times, money is integer øre.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use tribune_domain::money::Money;
use uuid::Uuid;

use crate::kit::image_slot::keep_or_remove;

/// The kind of a booking question (spec 2 §3 extraInfo).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
pub enum ExtraInfoType {
    #[default]
    Radio,
    Checkbox,
    Select,
    Text,
}

/// A question the booking asks for the event.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventExtraInfo {
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub alias: String,
    #[serde(default)]
    pub values: Vec<String>,
    #[serde(default)]
    pub multiple: bool,
    #[serde(rename = "type")]
    pub kind: ExtraInfoType,
    #[serde(default)]
    pub required: bool,
}

/// The seating chart of the event (the seat engine arrives with the seating issue).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventSeating {
    #[serde(default)]
    pub chart_id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub event_id: Option<String>,
    /// The most seats one visitor's hold session may hold at the event at once (none: 20).
    #[serde(default)]
    #[ts(optional)]
    pub max_seats_per_session: Option<i32>,
    /// How many hold sessions opened from one address may hold seats at the event at once
    /// (none: 4).
    #[serde(default)]
    #[ts(optional)]
    pub max_sessions_per_visitor: Option<i32>,
}

/// A company as a sponsor list shows it.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventCompany {
    pub id: Uuid,
    pub name: String,
}

/// The companies sponsoring the event as one of the club's sponsor types.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventSponsor {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub company_ids: Vec<Uuid>,
    /// Read only: the names of `companyIds` (a save ignores it).
    #[serde(default)]
    pub companies: Vec<EventCompany>,
}

/// Who the event's mails come from.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventSender {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
}

/// Whom the invitations go to.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventInvitees {
    #[serde(default)]
    pub product_ids: Vec<Uuid>,
    #[serde(default)]
    pub order_product_ids: Vec<Uuid>,
    #[serde(default)]
    pub company_ids: Vec<Uuid>,
    #[serde(default)]
    pub contact_ids: Vec<Uuid>,
    #[serde(default)]
    pub contact_list_ids: Vec<Uuid>,
}

/// Spec 2 §9: A4, A4 folded, A5.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
pub enum CardFormat {
    #[default]
    A4,
    #[serde(rename = "A4 folded")]
    A4Folded,
    A5,
}

/// Spec 2 §9: Portrait or Landscape.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
pub enum CardOrientation {
    #[default]
    Portrait,
    Landscape,
}

/// Per notification: null (none), 'Default', or the name of one of the club's templates.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NotificationTemplates {
    #[serde(default)]
    pub invitation: Option<String>,
    #[serde(default)]
    pub reminder: Option<String>,
    #[serde(default)]
    pub update: Option<String>,
    #[serde(default)]
    pub cancelled: Option<String>,
    #[serde(default)]
    pub receipt: Option<String>,
}

/// Spec 2 §9: a reminder goes 1, 2, 3, 4, 5, 7 or 14 days before the event.
pub const REMINDER_INTERVALS: [u8; 7] = [1, 2, 3, 4, 5, 7, 14];

#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventNotifications {
    #[serde(default)]
    pub email_notifications: NotificationTemplates,
    #[serde(default)]
    pub sms_notifications: NotificationTemplates,
    /// Days before the event (`REMINDER_INTERVALS`), or none.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub reminder_interval: Option<u8>,
}

/// How tickets are checked at the door (spec 2 §4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
pub enum ControlType {
    #[default]
    #[serde(rename = "None")]
    NoControl,
    Manual,
    Scan,
}

/// A product as a ticket product row names it.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketProductRef {
    pub id: Uuid,
    pub title: String,
    /// 'ticket' or 'seat-ticket'.
    #[serde(rename = "type")]
    pub kind: String,
    pub price: Money,
}

/// One ticket product of an event (spec 2 §3 Event ticket product).
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTicketProduct {
    /// None on a type's template and on a row not saved yet.
    pub id: Option<Uuid>,
    pub product_id: Option<Uuid>,
    /// Read only: the catalogue's product.
    #[serde(default)]
    pub product: Option<TicketProductRef>,
    pub title: String,
    pub price: Money,
    pub release_reserved_at: Option<DateTime<Utc>>,
    pub max_amount: Option<i32>,
    pub max_company_amount: Option<i32>,
    pub name_required: bool,
    pub public: bool,
    pub disable_additional_tickets: bool,
    pub public_price: Option<Money>,
    pub make_public_at: Option<DateTime<Utc>>,
    pub alt_start_date: Option<DateTime<Utc>>,
    pub ticket_description: Option<String>,
}

/// The ticket settings and the ticket products; the pictures are download URLs.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTickets {
    pub control_type: ControlType,
    pub template: Option<String>,
    pub ticket_logo: Option<String>,
    pub ticket_picture: Option<String>,
    pub products: Vec<EventTicketProduct>,
}

/// The table plan's settings; the card picture is a download URL.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTablePlan {
    pub product_ids: Vec<Uuid>,
    pub card_picture: Option<String>,
    pub card_format: CardFormat,
    pub card_orientation: CardOrientation,
}

/// The event form: what an event and an event type both hold. Files are download URLs (a type
/// keeps file ids in their place in its stored `data`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EventContent {
    /// 'Ansvarlig': a user of the club.
    pub owner_id: Option<Uuid>,
    pub title: String,
    /// The public page's slug: /events/{url}.
    pub url: String,
    pub location: String,
    /// Rich text (sanitised HTML), as are `privateDescription`, `ticketDescription` and `terms`.
    pub description: String,
    pub private_description: String,
    pub ticket_description: String,
    pub terms: String,
    pub max_signups: Option<i32>,
    pub max_company_signups: Option<i32>,
    pub banner_picture: Option<String>,
    pub banner_bottom: Option<String>,
    pub invite_attachment: Option<String>,
    /// Read only: the attachment's file name.
    pub invite_attachment_name: Option<String>,
    pub private: bool,
    pub business_only: bool,
    pub promote: bool,
    pub show_participants: bool,
    pub has_tickets: bool,
    pub has_seating: bool,
    pub has_sponsors: bool,
    pub has_tables: bool,
    pub active_date: Option<NaiveDate>,
    /// Required on an event, maybe empty on a type; as are `endDate`, `signUpStart` and
    /// `signUpDeadline`.
    pub start_date: Option<DateTime<Utc>>,
    pub end_date: Option<DateTime<Utc>>,
    pub sign_up_start: Option<DateTime<Utc>>,
    pub sign_up_deadline: Option<DateTime<Utc>>,
    pub sign_up_public: Option<DateTime<Utc>>,
    pub seating: Option<EventSeating>,
    pub sponsors: Vec<EventSponsor>,
    pub extra_info: Vec<EventExtraInfo>,
    pub sender: EventSender,
    pub invitees: EventInvitees,
    pub table_plan: EventTablePlan,
    pub notifications: EventNotifications,
    pub tickets: EventTickets,
}

/// An event as another event lists it: its sub-events, and the pickers' choices.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventRef {
    pub id: Uuid,
    pub title: String,
    pub start_date: DateTime<Utc>,
}

/// GET /api/events/{id}.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventDto {
    pub id: Option<Uuid>,
    pub type_id: Option<Uuid>,
    /// The main event of a sub-event.
    pub parent_id: Option<Uuid>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub content: EventContent,
    /// Read only.
    pub sub_events: Vec<EventRef>,
    /// The version a save sends back (a stale one is refused with 409).
    #[ts(type = "number")]
    pub version: i64,
    /// When staff cancelled it ('Aflys arrangement'); None: it goes ahead.
    pub cancelled_at: Option<DateTime<Utc>>,
}

/// A contract as the type's Relationer names it.
#[derive(Debug, Clone, Serialize, Deserialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeContract {
    pub id: Uuid,
    #[ts(type = "number")]
    pub contract_number: i64,
    pub company_name: Option<String>,
}

/// The type's Relationer (tab 70): the companies and contracts each new event of the type is
/// linked to when it is created (as staff link them on an event's own Relationer tab).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TypeRelations {
    pub company_ids: Vec<Uuid>,
    pub contract_ids: Vec<Uuid>,
    /// Read only: the companies of `companyIds` by name (a save ignores it).
    pub companies: Vec<EventCompany>,
    /// Read only: the contracts of `contractIds` (a save ignores it).
    pub contracts: Vec<TypeContract>,
}

/// GET /api/events/types/{id}: the event form the type fills, its title the type's name.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTypeDto {
    pub id: Option<Uuid>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub content: EventContent,
    /// Relationer: what a new event of the type is linked to.
    pub relations: TypeRelations,
    /// Read only: the events of the type, the newest first (at most 100).
    pub events: Vec<EventRef>,
    #[ts(type = "number")]
    pub version: i64,
}

/// GET /api/events/types: the type select's choices.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTypeChoice {
    pub id: Uuid,
    pub title: String,
}

/// A row of POST /api/events/v2: a main event with its sub-events in `children` (a sub-event's
/// row has none). Times are UTC (`2026-12-05T18:30:00Z`).
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[allow(non_snake_case)] // the list protocol's column names
pub struct EventListRow {
    pub Id: Uuid,
    pub Title: String,
    pub Type: Option<String>,
    pub Location: Option<String>,
    pub StartDate: DateTime<Utc>,
    pub EndDate: DateTime<Utc>,
    pub SignUpDeadline: DateTime<Utc>,
    pub Promote: bool,
    pub HasTickets: bool,
    /// Sold by seat (the event has a seat chart).
    #[serde(default)]
    pub HasSeating: bool,
    pub Private: bool,
    pub Url: String,
    /// Staff cancelled it ('Aflys arrangement').
    #[serde(default)]
    pub Cancelled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schema(no_recursion)]
    pub children: Option<Vec<EventListRow>>,
}

/// A row of POST /api/events/types/v2.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[allow(non_snake_case)]
pub struct EventTypeListRow {
    pub Id: Uuid,
    pub Title: String,
}

/// An event on the public home (GET /public/events).
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventCard {
    pub id: Uuid,
    pub title: String,
    /// Plain text: the description without its markup, at most 200 characters.
    pub description: Option<String>,
    pub location: Option<String>,
    pub start_date: DateTime<Utc>,
    /// The banner's public address.
    pub banner: Option<String>,
    /// The public page's slug: /events/{url}.
    pub url: String,
    /// Staff cancelled it (issue 40 §4): the card says 'Aflyst'.
    pub cancelled: bool,
}

/// GET /api/events: the pickers' events, or (asked with `promoted` or `limit`) the public
/// home's cards. Either is a plain array on the wire.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum EventsOrCards {
    Events(Vec<EventRef>),
    Cards(Vec<EventCard>),
}

/// Either array, said as `anyOf` (an empty array is both, which `oneOf`, the derive's choice
/// for an untagged enum, would refuse).
impl utoipa::PartialSchema for EventsOrCards {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AnyOfBuilder, ArrayBuilder};
        use utoipa::openapi::Ref;
        use utoipa::ToSchema;
        AnyOfBuilder::new()
            .item(ArrayBuilder::new().items(Ref::from_schema_name(EventRef::name())))
            .item(ArrayBuilder::new().items(Ref::from_schema_name(EventCard::name())))
            .into()
    }
}

impl utoipa::ToSchema for EventsOrCards {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push((
            <EventRef as utoipa::ToSchema>::name().into(),
            EventRef::schema(),
        ));
        schemas.push((
            <EventCard as utoipa::ToSchema>::name().into(),
            EventCard::schema(),
        ));
        <EventRef as utoipa::ToSchema>::schemas(schemas);
        <EventCard as utoipa::ToSchema>::schemas(schemas);
    }
}

/// One ticket product as a save sends it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TicketProductInput {
    /// The row's id (None: a new row).
    #[serde(default)]
    pub id: Option<Uuid>,
    #[serde(default)]
    pub product_id: Option<Uuid>,
    /// Read only; ignored.
    #[serde(default)]
    pub product: Option<TicketProductRef>,
    #[serde(default)]
    pub title: Option<String>,
    /// Øre.
    #[serde(default)]
    pub price: Option<i64>,
    #[serde(default)]
    pub release_reserved_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub max_amount: Option<i32>,
    #[serde(default)]
    pub max_company_amount: Option<i32>,
    #[serde(default)]
    pub name_required: bool,
    #[serde(default = "yes")]
    pub public: bool,
    #[serde(default)]
    pub disable_additional_tickets: bool,
    /// Øre.
    #[serde(default)]
    pub public_price: Option<i64>,
    #[serde(default)]
    pub make_public_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub alt_start_date: Option<DateTime<Utc>>,
    #[serde(default)]
    pub ticket_description: Option<String>,
}

fn yes() -> bool {
    true
}

/// The tickets part of a save; a picture: a new file in its part, null removes it, its URL (or
/// leaving it out) keeps it.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TicketsInput {
    #[serde(default)]
    pub control_type: ControlType,
    #[serde(default)]
    pub template: Option<String>,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub ticket_logo: Option<Option<String>>,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub ticket_picture: Option<Option<String>>,
    #[serde(default)]
    pub products: Vec<TicketProductInput>,
}

/// The table plan part of a save.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TablePlanInput {
    #[serde(default)]
    pub product_ids: Vec<Uuid>,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub card_picture: Option<Option<String>>,
    #[serde(default)]
    pub card_format: CardFormat,
    #[serde(default)]
    pub card_orientation: CardOrientation,
}

/// POST /api/events/update and /api/events/types/update (`data`): the event form with the id
/// and version it was read at. A file field: a new file in its part (`bannerPictureFile` …),
/// null removes the file, its URL (or leaving it out) keeps it; the URL of another of the club's
/// files (a type's, when an event is made from it) copies that file.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventForm {
    #[serde(default)]
    pub id: Option<Uuid>,
    /// Events only (a type's save ignores it).
    #[serde(default)]
    pub type_id: Option<Uuid>,
    /// Events only: the main event of a sub-event.
    #[serde(default)]
    pub parent_id: Option<Uuid>,
    #[serde(default)]
    pub owner_id: Option<Uuid>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub location: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub private_description: Option<String>,
    #[serde(default)]
    pub ticket_description: Option<String>,
    #[serde(default)]
    pub terms: Option<String>,
    #[serde(default)]
    pub max_signups: Option<i32>,
    #[serde(default)]
    pub max_company_signups: Option<i32>,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub banner_picture: Option<Option<String>>,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub banner_bottom: Option<Option<String>>,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub invite_attachment: Option<Option<String>>,
    /// Read only; ignored.
    #[serde(default)]
    pub invite_attachment_name: Option<String>,
    #[serde(default)]
    pub private: bool,
    #[serde(default)]
    pub business_only: bool,
    #[serde(default)]
    pub promote: bool,
    #[serde(default)]
    pub show_participants: bool,
    #[serde(default)]
    pub has_tickets: bool,
    #[serde(default)]
    pub has_seating: bool,
    #[serde(default)]
    pub has_sponsors: bool,
    #[serde(default)]
    pub has_tables: bool,
    #[serde(default)]
    pub active_date: Option<NaiveDate>,
    #[serde(default)]
    pub start_date: Option<DateTime<Utc>>,
    #[serde(default)]
    pub end_date: Option<DateTime<Utc>>,
    #[serde(default)]
    pub sign_up_start: Option<DateTime<Utc>>,
    #[serde(default)]
    pub sign_up_deadline: Option<DateTime<Utc>>,
    #[serde(default)]
    pub sign_up_public: Option<DateTime<Utc>>,
    #[serde(default)]
    pub seating: Option<EventSeating>,
    #[serde(default)]
    pub sponsors: Vec<EventSponsor>,
    #[serde(default)]
    pub extra_info: Vec<EventExtraInfo>,
    #[serde(default)]
    pub sender: EventSender,
    #[serde(default)]
    pub invitees: EventInvitees,
    #[serde(default)]
    pub table_plan: TablePlanInput,
    #[serde(default)]
    pub notifications: EventNotifications,
    #[serde(default)]
    pub tickets: TicketsInput,
    /// Read only; ignored (a save may send back what it read).
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub sub_events: Option<Vec<serde_json::Value>>,
    /// Read only ('Aflys arrangement' sets it); ignored.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub cancelled_at: Option<serde_json::Value>,
    /// Types only (an event's save ignores it; an event's relations have their own calls): the
    /// companies and contracts a new event of the type is linked to.
    #[serde(default)]
    pub relations: TypeRelations,
    /// Read only (a type's events); ignored.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub events: Option<Vec<serde_json::Value>>,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[serde(default)]
    pub version: Option<i64>,
}
